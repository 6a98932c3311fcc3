import { describe, expect, it } from 'vitest';
import { numberFromPass, passUrl } from '../../shared/check-in-pass';

describe('the check-in pass', () => {
  it('links to the desk for the registration and reads back to its number', () => {
    const link = passUrl('https://reunion.example.org/', 'R25-7KQ2XM');
    expect(link).toBe('https://reunion.example.org/check-in/R25-7KQ2XM');
    expect(numberFromPass(link)).toBe('R25-7KQ2XM');
  });

  it('reads a pass of another host, a trailing slash or query, and a bare number typed in lower case', () => {
    expect(numberFromPass('http://localhost:3000/check-in/r25-abc123/?from=mail')).toBe('R25-ABC123');
    expect(numberFromPass('  r25-7kq2xm ')).toBe('R25-7KQ2XM');
  });

  it('refuses anything that is not a pass: another QR code, a URL elsewhere, a broken escape', () => {
    for (const text of ['https://example.com/menu', 'WIFI:S:Resort;T:WPA;P:secret;;', 'https://x.org/check-in/%E0%A4%A', '', 'R25-']) {
      expect(numberFromPass(text)).toBeNull();
    }
  });
});
