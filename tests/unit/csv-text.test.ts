/** A rooming list's bytes read as text: UTF-8 when they are, Excel's Windows-1252 otherwise (pwa/features/hotel/lib/csv-text.ts). */
import { describe, expect, it } from 'vitest';
import { csvText } from '../../pwa/features/hotel/lib/csv-text';

const bytes = (...b: number[]) => new Uint8Array(b).buffer;

describe('csvText', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    const utf8 = new TextEncoder().encode('\uFEFFGuest Name\nJosé Núñez\n');
    expect(csvText(utf8.buffer)).toBe('Guest Name\nJosé Núñez\n');
  });

  it("reads Excel's Windows-1252 CSV as the letters it meant, not as replacement characters", () => {
    // "José Ñuñez" in Windows-1252: é = E9, Ñ = D1, ñ = F1 (Node's decoder maps only Latin-1's range as the
    // browser's does, so the test stays inside it)
    const text = csvText(bytes(0x4a, 0x6f, 0x73, 0xe9, 0x20, 0xd1, 0x75, 0xf1, 0x65, 0x7a));
    expect(text).toBe('José Ñuñez');
    expect(text).not.toContain('\uFFFD');
  });

  it('a UTF-8 file with one stray byte stays UTF-8: its letters kept, the stray byte unreadable (the server refuses it)', () => {
    const utf8 = new TextEncoder().encode('José,');
    const text = csvText(new Uint8Array([...utf8, 0xe9, 0x0a]).buffer);
    expect(text).toBe('José,\uFFFD\n');
  });
});
