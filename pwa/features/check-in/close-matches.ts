/**
 * The desk's "Close matches": when nothing on the device matches what was typed, the families whose
 * names are nearly it ('Jhon Smith' for John Smith, 'Nguyn', 'Abdulah'), so a misspelt name in a queue
 * is one tap away rather than a dead end. Fuzzy matching is Fuse.js's token search (docs/decisions.md):
 * every typed word must be near a word of some name in the party. Only names: a mistyped number, phone
 * or email is found by typing it again, not by guessing.
 */
import Fuse from 'fuse.js';
import { normalizeText } from '../../offline/local-search';
import type { CachedRegistration } from '../../offline/types';

type Party = Pick<CachedRegistration, 'id' | 'status' | 'primary_first_name' | 'primary_last_name' | 'attendees'>;

/** At most this many suggestions: more than a glance would not help at a desk. */
export const CLOSE_SHOWN = 5;

/** Fuse's score runs from 0 (the same) to 1: how far off a word may be at all. */
const NEAR_ENOUGH = 0.5;

/** Suggestions much further off than the nearest one are noise beside it. */
const BESIDE_BEST = 0.2;

/** A query of names only, at least three letters long: digits or an @ mean a number, phone or email. */
const NAMES_ONLY = /^[^\d@]*$/;

const indexes = new WeakMap<readonly Party[], Fuse<Party>>();

function indexOf(rows: readonly Party[]): Fuse<Party> {
  let fuse = indexes.get(rows);
  if (!fuse) {
    fuse = new Fuse(rows, {
      keys: [
        {
          name: 'names',
          getFn: (r) =>
            [`${r.primary_first_name} ${r.primary_last_name}`, ...r.attendees.map((a) => `${a.first_name} ${a.last_name}`)].map(
              normalizeText,
            ),
        },
      ],
      useTokenSearch: true,
      tokenMatch: 'all',
      includeScore: true,
      ignoreLocation: true,
      threshold: NEAR_ENOUGH,
    });
    indexes.set(rows, fuse);
  }
  return fuse;
}

/**
 * The parties whose names are close to `query` (Fuse's threshold, and not much further off than the
 * nearest), nearest first and cancelled ones last; none for a query
 * that is not a name of three letters or more. The index is built once per list of rows it is given.
 */
export function closeMatches<T extends Party>(rows: readonly T[], query: string): T[] {
  const typed = normalizeText(query);
  if (typed.replace(/[^\p{L}]/gu, '').length < 3 || !NAMES_ONLY.test(typed)) return [];
  const results = indexOf(rows).search(typed);
  const best = results[0]?.score ?? 0;
  const found = results.filter((r) => (r.score ?? 1) <= best + BESIDE_BEST).map((r) => r.item as T);
  return [...found.filter((r) => r.status !== 'cancelled'), ...found.filter((r) => r.status === 'cancelled')].slice(0, CLOSE_SHOWN);
}
