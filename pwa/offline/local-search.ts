/**
 * Searching the cache on the device (no signal, so no server search): lower-cased, accent-stripped text
 * so 'nguyen' finds 'Nguyễn', the same normalisation as the server's search text
 * (shared/search.ts). Every word of the query must appear.
 */
import type { FlightArrival } from './types';
import { normalizeSearch } from '../../shared/search';

/** The same normalisation as the server's search text. */
export const normalizeText = normalizeSearch;

/** True when every word of `query` occurs in `text` (already normalised). Empty query: true. */
export function matchesQuery(text: string, query: string | undefined): boolean {
  const words = normalizeText(query ?? '')
    .split(' ')
    .filter(Boolean);
  return words.every((w) => text.includes(w));
}

/** Names, flight (airline, number, both without spaces: 'ua1234') and registration number. */
export function arrivalSearchText(a: FlightArrival): string {
  const flight = `${a.airline} ${a.flightNumber}`;
  return normalizeText(
    [
      a.registrationNumber,
      a.primaryContactName,
      ...a.attendees.map((p) => `${p.firstName} ${p.lastName}`),
      flight,
      a.flightNumber.replace(/\s+/g, ''),
    ].join(' | '),
  );
}
