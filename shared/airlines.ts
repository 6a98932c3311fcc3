/**
 * Which listed airline a typed name means, and which flight a row is. Airlines and flight numbers are
 * stored as the visitor or API client wrote them; these keys make 'Delta' and 'Delta Air Lines', or
 * 'DL 7', 'dl7' and '7', one flight on the board, in its counts and for a resubmission's pickup. Plain code
 * with no schema library: the greeter's screen imports it and stays within its size budget.
 */
import { AIRLINE_CODES, AIRLINES } from './constants';

// letters and digits of any script ('大韩航空' is not nothing); accents kept: a name typed under Other
// ('Aeroméxico') stays the visitor's own, not a listed airline's
const comparable = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

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

/** An airline's designator before a flight's number: 'UA', 'B6', '9E'. */
const DESIGNATOR = /^(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])(?=\d)/;

/**
 * One key per flight: its airline and its number, case, spaces, dots, dashes and leading zeros ignored,
 * and the airline's own code before the number ('UA 0378', 'UA-378' and '378' under United, or 'ET 508'
 * and '508' under Ethiopian Airlines, are one plane). Another listed airline's code stays ('UA 378'
 * under Delta is not Delta's 378), and so does a code under a bare 'Other' (no name but the code tells
 * CM 100 from AV 100).
 */
export function flightKey(a: { airline: string; flightNumber: string }): string {
  const listed = canonicalAirline(a.airline);
  const airline = comparable(listed ?? a.airline);
  const n = a.flightNumber.replace(/[\s.-]+/g, '').toUpperCase();
  const d = DESIGNATOR.exec(n)?.[0] ?? '';
  // a listed airline's code is known; a named airline not listed takes any two letters as its own
  const own = listed ? AIRLINE_CODES[listed] : airline && /^[A-Z]{2}$/.test(d) ? d : '';
  return `${airline}|${d === own ? '' : d}${n.slice(d.length).replace(/^0+(?=\d)/, '')}`;
}
