/**
 * The text a registration is found by: number, contact and attendee names, email, phone; lower-cased and
 * accent-stripped so 'jose' finds 'José'. Stored in registrations.search_text and refreshed by every
 * service that changes one of those fields. Queries normalise the term with the same function.
 */
import { NUMBER_WITHOUT_HYPHEN, normalizeSearch, phoneDigits } from '../../../shared/search';

export function buildSearchText(
  reg: { registrationNumber: string; primaryFirstName: string; primaryLastName: string; primaryEmail: string; primaryPhone: string },
  attendeeNames: { firstName: string; lastName: string }[],
): string {
  const phoneDigits = reg.primaryPhone.replace(/\D/g, '');
  return normalizeSearch(
    [
      reg.registrationNumber,
      `${reg.primaryFirstName} ${reg.primaryLastName}`,
      ...attendeeNames.map((a) => `${a.firstName} ${a.lastName}`),
      reg.primaryEmail,
      reg.primaryPhone,
      phoneDigits,
    ].join(' | '),
  );
}

/** A LIKE pattern for a user's search term, with %, _ and \ escaped. */
export const likePattern = (term: string) => `%${normalizeSearch(term).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The registrations list's LIKE pattern: as likePattern, and a term written as the desk's search reads it
 * (pwa/offline/local-search.ts) finds the same registrations: a phone number however it is punctuated (the
 * search text holds the phone's digits), a registration number without its hyphen.
 */
export function listSearchPattern(term: string): string {
  const typed = term.trim();
  const digits = phoneDigits(typed);
  if (digits) return likePattern(digits);
  const number = NUMBER_WITHOUT_HYPHEN.exec(typed);
  return likePattern(number ? `${number[1]}-${number[2]}` : typed);
}
