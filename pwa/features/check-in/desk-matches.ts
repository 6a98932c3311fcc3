/**
 * The desk's matches in the order staff look for them: families whose main contact is the one typed
 * before those found through another member of the party, then by the contact's last and first name;
 * cancelled registrations last (they cannot be checked in).
 */
import { matchesQuery, normalizeText } from '../../offline/local-search';
import { loosenSearch, phoneDigits } from '../../../shared/search';
import { numberFromPass } from '../../../shared/check-in-pass';
import type { CachedRegistration } from '../../offline/types';

type Match = Pick<
  CachedRegistration,
  'id' | 'status' | 'primary_first_name' | 'primary_last_name' | 'registration_number' | 'primary_email' | 'primary_phone'
>;

/**
 * What the search box's text looks for: a pass link (typed by a scanner that acts as a keyboard, or
 * pasted from the pass mail) is its registration number; anything else as typed.
 */
export function deskQuery(text: string): string {
  if (!text.includes('/check-in/')) return text;
  return numberFromPass(text) ?? text;
}

/** The query names the family's main contact (name, number, email or phone). */
const byContact = (r: Match, query: string) =>
  matchesQuery(
    normalizeText(`${r.primary_first_name} ${r.primary_last_name} ${r.registration_number} ${r.primary_email} ${r.primary_phone}`),
    query,
  );

/**
 * The member of the party the query found, when it is not the main contact: the match's line says
 * "with Sarah Abdullah", so the desk sees which family holds the person standing there.
 */
export function matchedMember(r: Match & Pick<CachedRegistration, 'attendees'>, query: string): string | null {
  if (byContact(r, query)) return null;
  const members = r.attendees.filter((p) => !p.is_primary);
  const nameOf = (p: (typeof members)[number]) => normalizeText(`${p.first_name} ${p.last_name}`);
  let a = members.find((p) => matchesQuery(nameOf(p), query));
  if (!a) {
    // the words found different people of the party ("Lin Peña": Linda Cho in Cedric Peña's family):
    // the member a word the main contact does not answer to found still says why this family is listed
    const words = normalizeText(query)
      .split(' ')
      .filter((w) => w && !byContact(r, w));
    a = members.find((p) => words.some((w) => matchesQuery(nameOf(p), w)));
  }
  return a ? `${a.first_name} ${a.last_name}` : null;
}

export function rankDeskMatches<T extends Match>(rows: T[], query: string): T[] {
  const contacts = new Set(rows.filter((r) => byContact(r, query)).map((r) => r.id));
  const rank = (r: T) => (r.status === 'cancelled' ? 2 : 0) + (contacts.has(r.id) ? 0 : 1);
  return [...rows].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.primary_last_name.localeCompare(b.primary_last_name) ||
      a.primary_first_name.localeCompare(b.primary_first_name),
  );
}

/**
 * Whether a lone match may open its card by itself: each typed word starts a word of the family's
 * search text, or is a number, phone or email (it holds a digit or an @: specific wherever it is
 * found). 'Ian Scott' finds François Scott's family through Brian Scott: listed, with "with Brian
 * Scott", not opened as if it were the family asked for.
 */
export function opensAlone(searchText: string, query: string): boolean {
  // a phone number typed with spaces is one thing, found whole by its digits
  if (phoneDigits(query.trim())) return true;
  const hay = ` ${loosenSearch(searchText)}`;
  return normalizeText(query.replace(/,/g, ' '))
    .split(' ')
    .filter(Boolean)
    .every((w) => /[\d@]/.test(w) || hay.includes(` ${loosenSearch(w).trim()}`));
}
