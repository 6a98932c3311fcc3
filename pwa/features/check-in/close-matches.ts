/**
 * The desk's "Close matches": when nothing on the device matches what was typed, the families whose
 * names are nearly it ('Jhon Smith' for John Smith, 'Nguyn', 'Abdulah'), so a misspelt name in a queue
 * is one tap away rather than a dead end. Only names: a mistyped number, phone or email is found by
 * typing it again, not by guessing.
 *
 * Each typed word must be within a slip or two of a word of one name in the party, counted as edits
 * (a letter wrong, missing, extra, or two letters swapped: Damerau-Levenshtein, talisman's limited
 * form, which stops counting past the allowance); the nearest families come first.
 */
import { limited as editDistance } from 'talisman/metrics/damerau-levenshtein';
import { normalizeText } from '../../offline/local-search';
import type { CachedRegistration } from '../../offline/types';

type Party = Pick<CachedRegistration, 'id' | 'status' | 'primary_first_name' | 'primary_last_name' | 'attendees'>;

/** At most this many suggestions: more than a glance would not help at a desk. */
export const CLOSE_SHOWN = 5;

/** Words shorter than this are not guessed at: 'Jo' is near too many names to mean one. */
const SHORTEST_WORD = 3;

/** The slips a typed word may have: one in a short word, two from seven letters on. */
const allowance = (word: string) => (word.length >= 7 ? 2 : 1);

/** A query of names only: digits or an @ mean a number, phone or email. */
const NAMES_ONLY = /^[^\d@]*$/;

const wordsOf = (text: string) =>
  normalizeText(text)
    .split(/[\s'’-]+/)
    .filter(Boolean);

/** Each person's name as words, per party: computed once per list of rows. */
const namesByRows = new WeakMap<readonly Party[], string[][][]>();

function namesOf(rows: readonly Party[]): string[][][] {
  let names = namesByRows.get(rows);
  if (!names) {
    names = rows.map((r) => [
      wordsOf(`${r.primary_first_name} ${r.primary_last_name}`),
      ...r.attendees.map((a) => wordsOf(`${a.first_name} ${a.last_name}`)),
    ]);
    namesByRows.set(rows, names);
  }
  return names;
}

/** The edits between the typed words and one person's name (each typed word to its nearest word), or Infinity. */
function distanceToName(typed: string[], name: string[]): number {
  let total = 0;
  for (const word of typed) {
    const max = allowance(word);
    let best = Infinity;
    for (const w of name) best = Math.min(best, editDistance(max, word, w));
    if (best > max) return Infinity;
    total += best;
  }
  return total;
}

/** A family offered, and the member whose name was near when it was not the main contact ("with …"). */
export interface CloseMatch<T> {
  party: T;
  member: string | null;
}

/**
 * The parties with a person whose name is close to `query`: nearest first (fewest edits), then those
 * found by their main contact, active before cancelled, and by the contact's name; none for a query
 * that is not names of three letters or more.
 */
export function closeMatches<T extends Party>(rows: readonly T[], query: string): CloseMatch<T>[] {
  const typed = wordsOf(query);
  if (typed.length === 0 || typed.some((w) => w.length < SHORTEST_WORD) || !NAMES_ONLY.test(query)) return [];
  const names = namesOf(rows);
  const found: { party: T; distance: number; person: number }[] = [];
  rows.forEach((party, i) => {
    const distances = names[i].map((name) => distanceToName(typed, name));
    const distance = Math.min(...distances);
    // the main contact (index 0) when it is as near as anyone in the party
    if (distance < Infinity) found.push({ party, distance, person: distances.indexOf(distance) });
  });
  return found
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(a.person > 0) - Number(b.person > 0) ||
        Number(a.party.status === 'cancelled') - Number(b.party.status === 'cancelled') ||
        a.party.primary_last_name.localeCompare(b.party.primary_last_name) ||
        a.party.primary_first_name.localeCompare(b.party.primary_first_name),
    )
    .slice(0, CLOSE_SHOWN)
    .map(({ party, person }) => {
      const a = person > 0 ? party.attendees[person - 1] : null;
      return { party, member: a ? `${a.first_name} ${a.last_name}` : null };
    });
}
