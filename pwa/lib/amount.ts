/**
 * A dollar amount typed into a money dialog (the desk's payment, a refund): plain dollars and at most two
 * decimals, above $0.00 and at most `limit`. The sentences are the dialog's own.
 */
import { formatMoney, toCents } from '../../shared/pricing';

/** The amount's error sentence, or null when it can be taken. */
export function amountError(text: string, limit: number, say: { invalid: string; over: (limit: string) => string }): string | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t) || toCents(t) <= 0) return say.invalid;
  if (toCents(t) > toCents(limit)) return say.over(formatMoney(limit));
  return null;
}
