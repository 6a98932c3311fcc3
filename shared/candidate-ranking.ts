/**
 * How registrations are ranked as candidates for a hotel booking, the one rule the server's Find Match
 * (`GET /api/hotel-assignments/search-matches`) and the device's offline candidates both use
 * (docs/product.md#hotel-assignments): registrations holding a word of the guest's name (two letters or
 * more) in their search text, by how well the primary contact's name agrees with the guest's:
 *   full: both their first and last name are words of the guest name ('Abernathy, Jun' / Jun Abernathy);
 *   surname: their last name is;
 *   first: only their first name is (five 'Jun's for 'Abernathy, Jun' come after every Abernathy);
 *   other: a word was found elsewhere (an attendee, the email);
 * then by how many words were found, then by last name, first name and id; at most `limit`. `possible`
 * is the spec's highlight (the first or last word of the names agree), unchanged.
 */
import { isPossibleNameMatch, nameWords } from './name-match';
import { loosenSearch, NUMBER_WITHOUT_HYPHEN } from './search';

export interface Rankable {
  id: number;
  /** the registration's normalised search text (number, names, email, phone) */
  searchText: string;
  firstName: string;
  lastName: string;
  /** the registration number: a word finds it whole ('yfhyqa'), not as a piece of it ('qa' of Walker, Qa) */
  number?: string;
}

export type NameAgreement = 'full' | 'surname' | 'first' | 'other';

export interface Ranked<T> {
  item: T;
  possible: boolean;
  /** how well the primary contact's name agrees with the guest's */
  match: NameAgreement;
  hits: number;
}

const STRENGTH: Record<NameAgreement, number> = { full: 3, surname: 2, first: 1, other: 0 };

/** A name's words with hyphens and apostrophes as spaces, as the search reads them ('da-silva' is 'da', 'silva'). */
const looseWords = (name: string): string[] =>
  nameWords(name)
    .flatMap((w) => loosenSearch(w).split(' '))
    .filter(Boolean);

/**
 * How a registrant's name agrees with a guest name, word by word (accents, case, order, hyphens and
 * apostrophes ignored); a name run together counts too ('VanDerBerg' or 'Vanderberg' for Van der Berg,
 * 'OBrien' for O'Brien).
 */
export function nameAgreement(guestName: string, firstName: string, lastName: string): NameAgreement {
  const guest = new Set([...looseWords(guestName), ...nameWords(guestName).map((w) => loosenSearch(w).replace(/ /g, ''))]);
  const agrees = (name: string) => {
    const words = looseWords(name);
    return words.length > 0 && (words.every((w) => guest.has(w)) || guest.has(words.join('')));
  };
  const lastIn = agrees(lastName);
  const firstIn = agrees(firstName);
  return lastIn && firstIn ? 'full' : lastIn ? 'surname' : firstIn ? 'first' : 'other';
}

/** A registration number typed without its hyphen ('r25cfpwvw') as the search text holds it ('r25-cfpwvw'). */
const withNumberHyphen = (word: string): string => word.replace(NUMBER_WITHOUT_HYPHEN, '$1-$2');

/** The words of a guest name that a search uses (two letters or more, each once). */
export const candidateWords = (guestName: string): string[] => [
  ...new Set(
    nameWords(guestName)
      .filter((w) => w.length >= 2)
      .map(withNumberHyphen),
  ),
];

/**
 * How many of `words` the registration's search text holds; within its number only whole parts count.
 * Compared loosened (shared/search.ts: folded letters, hyphens and apostrophes as spaces), the form the
 * server stores its search text in; a device's own text is read the same way.
 */
function hitsOf(words: string[], r: Rankable): number {
  const text = loosenSearch(r.searchText);
  const loose = words.map(loosenSearch);
  // registration numbers are ASCII ('R25-7KQ2XM'): lower-casing and loosening is their search text's form
  const number = r.number ? loosenSearch(r.number.toLowerCase()) : '';
  if (!number || !text.includes(number)) return loose.filter((w) => text.includes(w)).length;
  const rest = text.replace(number, ' ');
  const parts = [number, ...number.split(/[^a-z0-9]+/)];
  return loose.filter((w) => rest.includes(w) || parts.includes(w)).length;
}

/**
 * `guestName`'s words find the candidates; `agreeWith` (the booking's guest, when the words are a search
 * typed for it) is the name their agreement and the highlight compare with, and so their order.
 */
export function rankCandidates<T>(
  guestName: string,
  items: readonly T[],
  view: (item: T) => Rankable,
  limit: number,
  agreeWith = guestName,
): Ranked<T>[] {
  const words = candidateWords(guestName);
  if (!words.length) return [];
  return items
    .map((item) => {
      const r = view(item);
      return {
        item,
        r,
        possible: isPossibleNameMatch(agreeWith, `${r.firstName} ${r.lastName}`),
        match: nameAgreement(agreeWith, r.firstName, r.lastName),
        hits: hitsOf(words, r),
      };
    })
    .filter((x) => x.hits > 0)
    .sort(
      (a, b) =>
        STRENGTH[b.match] - STRENGTH[a.match] ||
        b.hits - a.hits ||
        a.r.lastName.localeCompare(b.r.lastName) ||
        a.r.firstName.localeCompare(b.r.firstName) ||
        a.r.id - b.r.id,
    )
    .slice(0, limit)
    .map(({ item, possible, match, hits }) => ({ item, possible, match, hits }));
}
