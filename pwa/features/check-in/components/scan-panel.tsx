/**
 * "Scan pass" at the desk: the back camera reads check-in passes and opens each party. The camera stays
 * on between scans (a queue is waiting) until "Stop camera"; the same pass is ignored for 2.5 s after it
 * opened, so a code held in view does not reopen its card. Decoding uses the browser's BarcodeDetector
 * where it reads QR codes, otherwise jsQR, bundled as a chunk of its own that the service worker
 * precaches, so scanning works offline. A code that is not a pass says so and the scan goes on; a refused
 * or missing camera says to type the number, which always works.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { numberFromPass } from '../../../../shared/check-in-pass';

export const NOT_A_PASS = 'This code is not a reunion check-in pass. Scan the pass, or type the registration number.';
export const NO_CAMERA = 'No camera could be opened on this device: type the registration number in the search box instead.';
export const CAMERA_REFUSED = 'The camera is not allowed for this app: type the registration number in the search box instead.';

type Decode = (canvas: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}
type NativeDetectorClass = { new (o: { formats: string[] }): NativeDetector; getSupportedFormats(): Promise<string[]> };

/** The browser's own QR reader where it has one, else jsQR on the canvas's pixels. */
async function qrDecoder(): Promise<Decode> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  }
  const jsQR = (await import('jsqr')).default;
  return async (canvas) => {
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** How long a pass that just opened its party is ignored, while it is still in front of the camera. */
const SAME_CODE_MS = 2500;

/**
 * `onProblem`: no camera could be opened (none, or refused); the page then names its button "Scan pass"
 * again, since there is no camera to stop, and a tap on it tries once more.
 */
export function ScanPanel({ onNumber, onProblem }: { onNumber: (registrationNumber: string) => void; onProblem: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notAPass, setNotAPass] = useState(false);
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    let last: { number: string; at: number } | null = null;
    (async () => {
      const fail = (message: string) => {
        if (stopped) return;
        setProblem(message);
        onProblem();
      };
      if (!navigator.mediaDevices?.getUserMedia) return fail(NO_CAMERA);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (e) {
        return fail(e instanceof DOMException && e.name === 'NotAllowedError' ? CAMERA_REFUSED : NO_CAMERA);
      }
      // stopped while the browser asked for the camera: the stream granted since is closed at once
      if (stopped || !video.current) return stream.getTracks().forEach((t) => t.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const decode = await qrDecoder();
      setScanning(true);
      const tick = async () => {
        const v = video.current;
        if (stopped || !v) return;
        if (v.videoWidth > 0) {
          const scale = Math.min(1, 800 / v.videoWidth);
          canvas.width = Math.round(v.videoWidth * scale);
          canvas.height = Math.round(v.videoHeight * scale);
          canvas.getContext('2d', { willReadFrequently: true })!.drawImage(v, 0, 0, canvas.width, canvas.height);
          const text = await decode(canvas).catch(() => null);
          if (stopped) return;
          if (text !== null) {
            const number = numberFromPass(text);
            setNotAPass(number === null);
            if (number && !(last?.number === number && Date.now() - last.at < SAME_CODE_MS)) {
              // the decoded frame's moment, for the desk bench's "decoded → party shown" (docs/quality.md)
              performance.mark('scan:decoded');
              onNumber(number);
            }
            if (number) last = { number, at: Date.now() };
          }
        }
        timer = setTimeout(() => void tick(), 150);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onNumber, onProblem]);

  return (
    <section className="card scan-panel" aria-label="Scan pass">
      {problem ? (
        <Alert kind="warning">{problem}</Alert>
      ) : (
        <>
          <video ref={video} className="scan-video" muted playsInline aria-label="Camera" />
          <p aria-live="polite">
            {notAPass ? NOT_A_PASS : scanning ? 'Point the camera at the QR code of a pass.' : 'Opening the camera…'}
          </p>
        </>
      )}
    </section>
  );
}
