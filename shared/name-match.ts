/**
 * Hotel-booking name matching (docs/product.md#hotel-assignments: "Possible match" when the first or last word agree), used by the
 * server's search-matches ranking and by the PWA's offline candidate ranking, so both agree.
 */
import { foldLetters, normalizeSearch } from './search';

/**
 * Lower-cased, accent-free words of a name, letters folded ('Strauß' is 'strauss', as the search reads
 * it); ', ' and '/' separate ('SILVA/ANA'), '-' stays (R25-7KQ2XM).
 */
export function nameWords(name: string): string[] {
  return foldLetters(normalizeSearch(name))
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^[-']+|[-']+$/g, ''))
    .filter((w) => w.length > 0);
}

/** Possible name match: the first or last word of one name equals the first or last word of the other. */
export function isPossibleNameMatch(guestName: string, registrantName: string): boolean {
  const g = nameWords(guestName);
  const r = nameWords(registrantName);
  if (!g.length || !r.length) return false;
  const ends = new Set([g[0], g[g.length - 1]]);
  return ends.has(r[0]) || ends.has(r[r.length - 1]);
}
