/**
 * A dollar amount typed into a money dialog (the desk's payment, a refund): dollars as people type them
 * ('120', '120.50', '$120', '1,250.50'), at most two decimals, above $0.00 and at most `limit`. The
 * sentences are the dialog's own.
 */
import { formatMoney, toCents } from '../../shared/pricing';

/** The typed dollars in cents, or null when they are not an amount ('1e3', three decimals, ''). */
export function typedCents(text: string): number | null {
  let t = text.trim().replace(/^\$\s*/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replaceAll(',', '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? toCents(t) : null;
}

/** The amount's error sentence, or null when it can be taken. */
export function amountError(text: string, limit: number, say: { invalid: string; over: (limit: string) => string }): string | null {
  const cents = typedCents(text);
  if (cents === null || cents <= 0) return say.invalid;
  if (cents > toCents(limit)) return say.over(formatMoney(limit));
  return null;
}
