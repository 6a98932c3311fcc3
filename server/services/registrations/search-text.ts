/**
 * The text a registration is found by: number, contact and attendee names, email, phone; lower-cased,
 * accent-stripped and letters folded so 'jose' finds 'José' and 'dang' Đặng, hyphens and apostrophes as
 * spaces (shared/search.ts searchForm). Stored in registrations.search_text and refreshed by every
 * service that changes one of those fields. Queries put the term in the same form.
 */
import { NUMBER_WITHOUT_HYPHEN, phoneDigits, registrationSearchSource, searchForm } from '../../../shared/search';

export function buildSearchText(
  reg: { registrationNumber: string; primaryFirstName: string; primaryLastName: string; primaryEmail: string; primaryPhone: string },
  attendeeNames: { firstName: string; lastName: string }[],
): string {
  return searchForm(
    registrationSearchSource(
      {
        number: reg.registrationNumber,
        firstName: reg.primaryFirstName,
        lastName: reg.primaryLastName,
        email: reg.primaryEmail,
        phone: reg.primaryPhone,
      },
      attendeeNames,
    ),
  );
}

/** A LIKE pattern for a user's search term, with %, _ and \ escaped. */
export const likePattern = (term: string) => `%${searchForm(term).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The registrations list's LIKE patterns: the term as written (likePattern), and the way the desk's search
 * also reads it (pwa/offline/local-search.ts): a phone number however it is punctuated, by its digits (the
 * search text holds the phone's digits), a registration number without its hyphen, with it, or a name
 * written 'Last, First' as 'First Last'. A row
 * matching either is found; a term that is neither gives the same pattern twice. A term of several
 * words also finds a row holding each of them anywhere (`words`, as the desk's search reads them).
 */
export function listSearchPatterns(term: string): { search: string; search_alt: string; words: string[] } {
  const typed = term.trim();
  const digits = phoneDigits(typed);
  const number = NUMBER_WITHOUT_HYPHEN.exec(typed);
  // 'Reyes, Matthew', as hotel lists write a name: also as the search text holds it, 'Matthew Reyes'
  const lastFirst = /^([^,]+),\s*([^,]+)$/.exec(typed);
  const alt = digits ?? (number ? `${number[1]}-${number[2]}` : lastFirst ? `${lastFirst[2].trim()} ${lastFirst[1].trim()}` : typed);
  return { search: likePattern(typed), search_alt: likePattern(alt), words: digits ? [] : searchWords(typed) };
}

/** At most this many words are matched one by one; a longer term is matched as written only. */
export const MAX_SEARCH_WORDS = 6;

/**
 * The LIKE patterns of a term of several words, each to be found anywhere, in any order, as the desk's
 * search reads them ('walker thao' finds Thao Walker); none for one word (the term's own pattern is it).
 */
function searchWords(typed: string): string[] {
  // split where the desk splits (pwa/offline/local-search.ts): at spaces and commas; a hyphen or an
  // apostrophe inside a word stays within its pattern ('mary-jo' is the phrase 'mary jo')
  const words = typed
    .replace(/,/g, ' ')
    .split(/\s+/)
    .filter((w) => searchForm(w) !== '');
  return words.length > 1 && words.length <= MAX_SEARCH_WORDS ? words.map(likePattern) : [];
}
