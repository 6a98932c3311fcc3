/**
 * The phone list's order, held while the greeter looks at it, so nothing moves under a finger: a tapped
 * party stays where it is (dimmed, "Picked up 1:05 PM", its control now reading Undo), and a second tap
 * on the same spot acts on the same party. A party that arrives meanwhile (a sync, or the first
 * download's next page) goes before the shown party that follows it in the fresh order, and the others
 * keep their order. The "next to land" order is taken anew only when the greeter asks (the
 * Sort button), when the day or the airport changes (not the search: the page narrows the held order),
 * and when they come back to the screen: to the page (the hook starts afresh) or to the phone after it
 * was locked or the app left for half a minute or more. Never on a scroll: the end of a scroll is when
 * the next tap comes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** Away from the screen at least this long (ms), the order is taken anew on return. */
const RETURN_REORDER_MS = 30_000;

/** Counts returns to the screen after RETURN_REORDER_MS or more away (the phone locked in a pocket). */
function useReturnEpoch(): number {
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt !== null && Date.now() - hiddenAt >= RETURN_REORDER_MS) setEpoch((n) => n + 1);
      if (document.visibilityState === 'visible') hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return epoch;
}

/**
 * The ids of `fresh` in the order `held` has them. An id not in `held` goes right before the shown id that
 * comes after it in `fresh` (at the end when none does), so it never takes the place of a shown party
 * above it: a party picked up on another phone that arrives with a sync cannot land where the greeter's
 * thumb was going.
 */
export function keepOrder(held: readonly number[], fresh: readonly number[]): number[] {
  const present = new Set(fresh);
  const result = held.filter((id) => present.has(id));
  const shown = new Set(result);
  fresh.forEach((id, i) => {
    if (shown.has(id)) return;
    const next = fresh.slice(i + 1).find((later) => shown.has(later));
    result.splice(next === undefined ? result.length : result.indexOf(next), 0, id);
  });
  return result;
}

export interface HeldOrder<T> {
  /** `ordered`'s rows that `shown` keeps, in the held order */
  list: T[] | undefined;
  /** the rows shown are no longer in the fresh order (a tap or a sync changed what lands next) */
  stale: boolean;
  /** takes the fresh order now (the Sort button) */
  resort: () => void;
}

const everyRow = () => true;

/**
 * `ordered` in the order it had when it was last taken (same `listKey`, no return to the screen or Sort
 * since), narrowed to the rows `shown` keeps (the search): the order is held for all of them, so a row
 * the narrowing hides and shows again comes back to its place. `shown` is a stable function (memoised).
 */
export function useHeldOrder<T extends { id: number }>(
  ordered: T[] | undefined,
  listKey: string,
  shown: (row: T) => boolean = everyRow,
): HeldOrder<T> {
  const returned = useReturnEpoch();
  const [sorts, setSorts] = useState(0);
  const held = useRef<{ key: string; ids: number[] } | null>(null);
  const all = useMemo(() => {
    if (!ordered) return undefined;
    const key = `${listKey}|${returned}|${sorts}`;
    const fresh = ordered.map((a) => a.id);
    const h = held.current;
    const ids = h && h.key === key ? keepOrder(h.ids, fresh) : fresh;
    held.current = { key, ids };
    const byId = new Map(ordered.map((a) => [a.id, a]));
    return ids.map((id) => byId.get(id)!);
  }, [ordered, listKey, returned, sorts]);
  const list = useMemo(() => all?.filter(shown), [all, shown]);
  const fresh = useMemo(() => ordered?.filter(shown), [ordered, shown]);
  // of the rows shown: Sort is offered only when it would move a card the greeter can see
  const stale = !!list && !!fresh && list.some((a, i) => a.id !== fresh[i].id);
  const resort = useCallback(() => setSorts((n) => n + 1), []);
  return { list, stale, resort };
}
