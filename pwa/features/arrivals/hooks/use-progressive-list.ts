/**
 * Long lists drawn in windows : the first `first` items at once, then `step` more each time the
 * `sentinel` element (put it right after the list) comes within a screen of the viewport, or all at
 * once with `showAll()`; each window is drawn as a transition React can interrupt, so no long task
 * blocks a tap. 2,000 rows in the page cost ~0.3 s every time the page is left or reloaded, and most
 * are never looked at; the search box searches every row, drawn or not.
 *
 * A new `resetKey` (another day, another search) starts again from the first window; a changed row
 * (a pickup tick) does not. `shown` is `items` itself once all are drawn.
 */
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';

export const FIRST_WINDOW = 100;

export interface ProgressiveList<T> {
  shown: T[];
  total: number;
  complete: boolean;
  showAll: () => void;
  /** a ref for the element after the list */
  sentinel: (el: Element | null) => void;
}

export function useProgressiveList<T>(items: T[], resetKey: string, first = FIRST_WINDOW, step = 150): ProgressiveList<T> {
  const [state, setState] = useState({ key: resetKey, shown: first });
  let shown = state.shown;
  if (state.key !== resetKey) {
    // adjusting state while rendering (React's documented pattern): no frame with the old window
    shown = first;
    setState({ key: resetKey, shown: first });
  }
  const complete = shown >= items.length;
  const [sentinelEl, setSentinelEl] = useState<Element | null>(null);

  const grown = useCallback(
    (to: (n: number) => number) => startTransition(() => setState((s) => (s.key === resetKey ? { key: resetKey, shown: to(s.shown) } : s))),
    [resetKey],
  );
  const total = items.length;
  const showAll = useCallback(() => grown(() => total), [grown, total]);

  useEffect(() => {
    if (complete || !sentinelEl || typeof IntersectionObserver !== 'function') return;
    // observed anew after each window: it reports at once whether the sentinel is still in range
    const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && grown((n) => n + step), {
      rootMargin: '0px 0px 100% 0px',
    });
    watch.observe(sentinelEl);
    return () => watch.disconnect();
  }, [complete, shown, grown, step, sentinelEl]);

  const list = useMemo(() => (complete ? items : items.slice(0, shown)), [items, shown, complete]);
  return { shown: list, total, complete, showAll, sentinel: setSentinelEl };
}
