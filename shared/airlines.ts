/**
 * Which listed airline a typed name means, and which flight a row is. Airlines and flight numbers are
 * stored as the visitor or API client wrote them; these keys make 'Delta' and 'Delta Air Lines', or
 * 'DL 7', 'dl7' and '7', one flight on the board, in its counts and for a resubmission's pickup. Plain code
 * with no schema library: the greeter's screen imports it and stays within its size budget.
 */
import { AIRLINE_CODES, AIRLINES } from './constants';

const comparable = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const AIRLINE_BY_KEY = new Map<string, string>();
for (const name of AIRLINES) {
  AIRLINE_BY_KEY.set(comparable(name), name);
  // 'Delta', 'United', 'JetBlue': the name without its 'Airlines' / 'Air Lines' / 'Airways' / 'Air' tail
  const short = comparable(name.replace(/\s+(airlines|air lines|airways|air)$/i, ''));
  if (short && !AIRLINE_BY_KEY.has(short)) AIRLINE_BY_KEY.set(short, name);
}

/** The listed airline (or 'Other') `value` names, case, spacing and an 'Airlines' tail ignored; else null. */
export function canonicalAirline(value: string): string | null {
  return AIRLINE_BY_KEY.get(comparable(value)) ?? null;
}

/** One key per airline, however it was written. */
export const airlineKey = (airline: string) => comparable(canonicalAirline(airline) ?? airline);

/**
 * One key per flight: its airline and its number, case, spaces, dots and dashes ignored, and for a
 * listed airline its own code before the number and leading zeros ('UA 0378', 'UA-378' and '378' under
 * United are one plane). Another airline's code stays ('UA 378' under Delta is not DL 378), and so does
 * any code under an airline not listed: the code is then all that tells two flights apart.
 */
export function flightKey(a: { airline: string; flightNumber: string }): string {
  const listed = canonicalAirline(a.airline);
  const code = (listed && AIRLINE_CODES[listed]) || '';
  let n = a.flightNumber.replace(/[\s.-]+/g, '').toUpperCase();
  if (code && /^\d/.test(n.slice(code.length)) && n.startsWith(code)) n = n.slice(code.length);
  return `${comparable(listed ?? a.airline)}|${code ? n.replace(/^0+(?=\d)/, '') : n}`;
}
