/**
 * Searching the cache on the device (no signal, so no server search): lower-cased, accent-stripped text
 * so 'nguyen' finds 'Nguyễn'; letters folded and hyphens and apostrophes read as spaces when matching,
 * the form the server stores its search text in (shared/search.ts searchForm). Every word of the query
 * must appear (matchesQuery says how words are found).
 */
import type { FlightArrival } from './types';
import { foldLetters, loosenSearch, NUMBER_WITHOUT_HYPHEN, normalizeSearch, phoneDigits } from '../../shared/search';
import { canonicalAirline } from '../../shared/airlines';
import { AIRLINE_CODES } from '../../shared/constants';

/** Lower case, accents stripped, single spaces (matching then loosens both sides: matchesQuery). */
export const normalizeText = normalizeSearch;

/**
 * True when every word of `query` occurs in `text` (already normalised). Empty query: true. Hyphens and
 * apostrophes read as spaces on both sides, and a typed word must still be found whole: 'Garcia-Lopez'
 * finds 'Garcia Lopez' and the other way round, 'O’Brien' finds "O'Brien", but 'Mary-Jo' does not find
 * a lone Mary (one match opens its card at the desk). A phone number matches by its digits, however it
 * was written on either side; a registration number also without its hyphen. Words of `wordStarts` (an
 * airline's name) are found only from their start, so a piece of a name ('Ines', 'Lin') does not find
 * every flight of an "Airlines".
 */
export function matchesQuery(text: string, query: string | undefined, wordStarts = ''): boolean {
  const typed = (query ?? '').trim();
  // a phone number is one thing, matched whole by its digits: never its pieces here and there
  const digits = phoneDigits(typed);
  // letters folded, hyphens and apostrophes as spaces (shared/search.ts): applied when matching, to the
  // stored text too, so rows saved before this rule are found as well
  const hay = loosenSearch(text);
  // (or the typed text whole, as it was: '25-123456' for registration R25-123456)
  if (digits) return foldLetters(text).includes(digits) || hay.includes(loosenSearch(normalizeText(typed)));
  // 'Reyes, Matthew' as a hotel list or a form writes a name: the comma only separates
  const words = normalizeText(typed.replace(/,/g, ' '))
    .split(' ')
    .map(loosenSearch)
    .map((w) => w.trim())
    .filter(Boolean);
  // `wordStarts` is found only from the start of one of its words ('air' finds Airlines, 'ines' does not)
  const starts = wordStarts ? ` ${loosenSearch(wordStarts)}` : '';
  return words.every((w) => {
    if (hay.includes(w) || (starts && starts.includes(` ${w}`))) return true;
    const n = NUMBER_WITHOUT_HYPHEN.exec(w);
    return n !== null && hay.includes(`${n[1]} ${n[2]}`);
  });
}

/** Names, flight (its code, number, and code and number run together: 'ua1234') and registration number; the airline's name is matchesArrival's. */
export function arrivalSearchText(a: FlightArrival): string {
  const code = AIRLINE_CODES[canonicalAirline(a.airline) ?? ''] ?? '';
  const number = a.flightNumber.replace(/\s+/g, '');
  return normalizeText(
    [
      a.registrationNumber,
      a.primaryContactName,
      ...a.attendees.map((p) => `${p.firstName} ${p.lastName}`),
      `${code} ${a.flightNumber}`,
      number,
      code && !number.toUpperCase().startsWith(code) ? `${code}${number}` : '',
    ].join(' | '),
  );
}

/**
 * An airline's name as words to find from their start: split at any mark and where a run-together name
 * starts a capital ('WestJet' → 'West Jet', 'Delta/KLM' → 'Delta KLM', 'Air Canada (Rouge)' → … 'Rouge').
 */
const airlineWords = (airline: string) => normalizeText(airline.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/[^\p{L}\p{N}]+/gu, ' '));

/** Whether the greeter's search finds this arrival: names, flight and number as typed, the airline by the start of its words. */
export const matchesArrival = (a: FlightArrival, query: string | undefined): boolean =>
  matchesQuery(arrivalSearchText(a), query, airlineWords(a.airline));
