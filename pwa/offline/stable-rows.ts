/**
 * Structural sharing for live-query answers. A live query (hooks.ts) reads fresh objects from IndexedDB
 * every time anything in its tables changes, so after one pickup tick every row is a new object and
 * every memoised row or card would redraw (788 cards, ~188 ms a tick on a phone). keepUnchanged
 * hands back the previous answer's object for each row whose data did not change (same id, equal
 * value), and the previous array itself when no row changed, so memo() and useMemo() skip them. Pure.
 */

/**
 * Equality of plain data (what IndexedDB stores: primitives, arrays, plain objects, null). Arrays
 * compare by their index keys, so an array never equals an object (Array.isArray is checked).
 */
export const sameData = (a: unknown, b: unknown): boolean =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    Array.isArray(a) === Array.isArray(b) &&
    Object.keys(a).length === Object.keys(b).length &&
    Object.keys(a).every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])));

/**
 * `next`, with every row equal to the `prev` row of the same id replaced by that previous object;
 * `prev` itself when both hold the same rows in the same order.
 */
export function keepUnchanged<T extends { id: number }>(prev: readonly T[] | undefined, next: T[]): T[] {
  if (!prev || prev.length === 0) return next;
  const before = new Map<number, T>();
  for (const row of prev) before.set(row.id, row);
  let same = prev.length === next.length;
  const out = next.map((row, i) => {
    const old = before.get(row.id);
    const kept = old !== undefined && sameData(old, row) ? old : row;
    if (kept !== prev[i]) same = false;
    return kept;
  });
  return same ? (prev as T[]) : out;
}
