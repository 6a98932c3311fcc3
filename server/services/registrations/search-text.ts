/**
 * The text a registration is found by: number, contact and attendee names, email, phone; lower-cased and
 * accent-stripped so 'jose' finds 'José'. Stored in registrations.search_text and refreshed by every
 * service that changes one of those fields. Queries normalise the term with the same function.
 */
import { normalizeSearch } from '../../../shared/search';

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
