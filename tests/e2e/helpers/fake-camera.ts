/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M video whose frames show a QR
 * code, black on white, centred, with the quiet zone a scanner needs; given several texts, each code
 * shows for `frames` frames in turn (Chromium plays the file in a loop, 10 frames a second). Drawn from
 * the `qrcode` library's module matrix, so the code is exactly what a pass shows.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

export function writeQrVideo(
  file: string,
  texts: string | string[],
  opts: { width?: number; height?: number; frames?: number } = {},
): void {
  const w = opts.width ?? 640;
  const h = opts.height ?? 480;
  const frames = [texts].flat().flatMap((text) => Array.from({ length: opts.frames ?? 10 }, () => qrFrame(text, w, h)));
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

/** One Y4M frame showing `text`'s QR code. */
function qrFrame(text: string, w: number, h: number): Buffer {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const scale = Math.floor(Math.min(w, h) / (size + 2 * quiet));
  const left = Math.floor((w - size * scale) / 2);
  const top = Math.floor((h - size * scale) / 2);
  // luma in video range: 235 white, 16 black; chroma 128 (grey)
  const y = Buffer.alloc(w * h, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(16, (top + row * scale + dy) * w + left + col * scale, (top + row * scale + dy) * w + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2), 128);
  return Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
}
