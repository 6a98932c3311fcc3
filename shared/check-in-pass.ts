/**
 * The check-in pass (docs/product.md#check-in-desk): a QR code of `{PUBLIC_URL}/check-in/{registration
 * number}`. On a desk device the link opens the party; anywhere else it only says to show the code at the
 * desk. It carries no secret and opens no data. The desk's scanner reads it back with `numberFromPass`.
 */

/** A registration number as printed: 'R25-7KQ2XM' (letters and digits after the year). */
const NUMBER = /^R\d{2}-[A-Z0-9]{4,12}$/;

/** The pass's link for a registration. */
export const passUrl = (publicUrl: string, registrationNumber: string) =>
  `${publicUrl.replace(/\/$/, '')}/check-in/${encodeURIComponent(registrationNumber)}`;

/**
 * The registration number a scanned or typed code stands for: a pass link (of any host: a pass printed
 * before a move to another address still works) or a bare number, any case. Null for anything else.
 */
export function numberFromPass(text: string): string | null {
  const raw = text.trim();
  const fromLink = /\/check-in\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(raw);
  let candidate = raw;
  if (fromLink) {
    try {
      candidate = decodeURIComponent(fromLink[1]);
    } catch {
      return null;
    }
  }
  const number = candidate.toUpperCase();
  return NUMBER.test(number) ? number : null;
}
