/**
 * How registrations are ranked as candidates for a hotel booking, the one rule the server's Find Match
 * (`GET /api/hotel-assignments/search-matches`) and the device's offline candidates both use
 * (docs/product.md#hotel-assignments): registrations holding a word of the guest's name (two letters or
 * more) in their search text, possible name matches first (the first or last word agree), then by how
 * many words were found, then by last name, first name and id; at most `limit`.
 */
import { isPossibleNameMatch, nameWords } from './name-match';

export interface Rankable {
  id: number;
  /** the registration's normalised search text (number, names, email, phone) */
  searchText: string;
  firstName: string;
  lastName: string;
}

export interface Ranked<T> {
  item: T;
  possible: boolean;
  hits: number;
}

/** The words of a guest name that a search uses (two letters or more, each once). */
export const candidateWords = (guestName: string): string[] => [...new Set(nameWords(guestName).filter((w) => w.length >= 2))];

export function rankCandidates<T>(guestName: string, items: readonly T[], view: (item: T) => Rankable, limit: number): Ranked<T>[] {
  const words = candidateWords(guestName);
  if (!words.length) return [];
  return items
    .map((item) => {
      const r = view(item);
      return {
        item,
        r,
        possible: isPossibleNameMatch(guestName, `${r.firstName} ${r.lastName}`),
        hits: words.filter((w) => r.searchText.includes(w)).length,
      };
    })
    .filter((x) => x.hits > 0)
    .sort(
      (a, b) =>
        Number(b.possible) - Number(a.possible) ||
        b.hits - a.hits ||
        a.r.lastName.localeCompare(b.r.lastName) ||
        a.r.firstName.localeCompare(b.r.firstName) ||
        a.r.id - b.r.id,
    )
    .slice(0, limit)
    .map(({ item, possible, hits }) => ({ item, possible, hits }));
}
