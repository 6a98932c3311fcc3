/**
 * The phone list's order, held while the greeter looks at it, so nothing moves under a finger: a tapped
 * party stays where it is (dimmed, "Picked up 1:05 PM", its control now reading Undo), and a second tap
 * on the same spot acts on the same party. The "next to land" order is taken anew only when the list's
 * parties or filters change, when the greeter scrolls (a finished scroll of more than a few lines), and
 * when they come back to the screen: to the page (the hook starts afresh) or to the phone after it was
 * locked or the app left for half a minute or more.
 */
import { useEffect, useMemo, useRef, useState } from 'react';

/** How far a scroll must go before the list may reorder (px). */
const SCROLL_REORDER_PX = 120;
/** A scroll is over when no scroll event came for this long (ms). */
const SCROLL_IDLE_MS = 250;
/** Away from the screen at least this long (ms), the order is taken anew on return. */
const RETURN_REORDER_MS = 30_000;

/** Counts finished scrolls of more than SCROLL_REORDER_PX, on the page or any scrolling element, and returns after RETURN_REORDER_MS away. */
function useScrollEpoch(): number {
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    let from: number | null = null;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const position = (target: EventTarget | null) =>
      target instanceof Element ? target.scrollTop : typeof window !== 'undefined' ? window.scrollY : 0;
    const onScroll = (e: Event) => {
      last = position(e.target);
      from ??= last;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (from !== null && Math.abs(last - from) > SCROLL_REORDER_PX) setEpoch((n) => n + 1);
        from = null;
      }, SCROLL_IDLE_MS);
    };
    // back to the screen after a while (the phone was locked in a pocket): the order is taken anew
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt !== null && Date.now() - hiddenAt >= RETURN_REORDER_MS) setEpoch((n) => n + 1);
      if (document.visibilityState === 'visible') hiddenAt = null;
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('scroll', onScroll, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return epoch;
}

/** `ordered` as it is, or in the order it had when it was last taken (same parties, same filters, no scroll since). */
export function useHeldOrder<T extends { id: number }>(ordered: T[] | undefined, listKey: string): T[] | undefined {
  const epoch = useScrollEpoch();
  const held = useRef<{ key: string; ids: number[] } | null>(null);
  return useMemo(() => {
    if (!ordered) return undefined;
    const key = `${listKey}|${epoch}`;
    const byId = new Map(ordered.map((a) => [a.id, a]));
    const h = held.current;
    if (h && h.key === key && h.ids.length === ordered.length && h.ids.every((id) => byId.has(id))) {
      return h.ids.map((id) => byId.get(id)!);
    }
    held.current = { key, ids: ordered.map((a) => a.id) };
    return ordered;
  }, [ordered, listKey, epoch]);
}
