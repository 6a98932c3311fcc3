/**
 * Long lists drawn in windows (issue 7): the first `first` items at once, then `step` more whenever the
 * browser is idle (at the latest every `maxWaitMs`, drawn as a transition React can interrupt), until
 * every item is on the page. The first screen
 * of a 2,000-row table then costs ~100 rows of work instead of 2,000, and the page still ends up with
 * every row in the DOM (table semantics, the browser's find, screen readers' row counts all as before).
 * A new `resetKey` (another day, another search) starts again from the first window; a changed row
 * (a pickup tick) does not. Returns `items` itself once all are shown.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';

export const FIRST_WINDOW = 100;

export function useProgressiveList<T>(items: T[], resetKey: string, first = FIRST_WINDOW, step = 150, maxWaitMs = 100): T[] {
  const [state, setState] = useState({ key: resetKey, shown: first });
  let shown = state.shown;
  if (state.key !== resetKey) {
    // adjusting state while rendering (React's documented pattern): no frame with the old window
    shown = first;
    setState({ key: resetKey, shown: first });
  }
  const complete = shown >= items.length;

  useEffect(() => {
    if (complete) return;
    // a transition: React draws the next window in slices of a few ms, so no long task blocks a tap
    const more = () => startTransition(() => setState((s) => (s.key === resetKey ? { key: resetKey, shown: s.shown + step } : s)));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(more, { timeout: maxWaitMs });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(more, 16);
    return () => clearTimeout(t);
  }, [complete, shown, resetKey, step, maxWaitMs]);

  return useMemo(() => (complete ? items : items.slice(0, shown)), [items, shown, complete]);
}
