/**
 * Keyboard focus is not dropped when the control that had it is turned off or goes away. A busy button
 * (Save Changes, Record Payment) is disabled while it works, and the browser then puts focus on the
 * page itself; a control replaced when the work is done (Save Changes by the page's actions, a removed
 * attendee's row, a linked booking's card, a removed flight row) does the same. A keyboard or
 * screen-reader user would start again from the top of the page. Here focus goes back to the control
 * once it is on again, or, when it is gone, to the first control shown in what now stands in its place
 * (the actions group, the next row, the next card); when it stays off without being busy (Next on the
 * last page), to the control nearest it.
 *
 * Only for focus given by the keyboard (a key pressed since the last pointer), so a tap on a phone never
 * brings its keyboard back; only while nothing else has focus, for a few seconds, and on the same page:
 * a pointer pressed anywhere, or a route's own change, ends it. The page is watched only meanwhile.
 */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long after focus was lost it is still given back: a control busy for longer is left alone. */
const GIVE_BACK_MS = 5000;
/**
 * A control turned off while nothing on the page is busy (Next on the last page, Clear filter with
 * nothing to clear) stays off: this long after, focus goes to the control nearest it instead.
 */
const STAYS_OFF_MS = 800;

const shown = (el: Element) => el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]');

/** An ancestor of the focused control, and the place among its children of the branch that held it. */
interface Level {
  node: Element;
  index: number;
}

/** The first (or last) control shown in `root`, `root` itself included. */
function firstShown(root: Element, last = false): HTMLElement | null {
  const all = [root, ...root.querySelectorAll(FOCUSABLE)];
  if (last) all.reverse();
  const found = all.find((el) => el instanceof HTMLElement && el.matches(FOCUSABLE) && shown(el));
  return (found as HTMLElement | undefined) ?? null;
}

/**
 * Where focus goes when the control is gone: in the nearest ancestor still in the page, the first control
 * of what now stands where the control's branch stood, or after it; else the last one before it.
 */
function nextFocus(levels: readonly Level[]): HTMLElement | null {
  for (const { node, index } of levels) {
    if (!node.isConnected) continue;
    const children = Array.from(node.children);
    for (const child of children.slice(index)) {
      const found = firstShown(child);
      if (found) return found;
    }
    for (const child of children.slice(0, index).reverse()) {
      const found = firstShown(child, true);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Starts keeping focus; `pressed`: started by a key just pressed (pwa/main.tsx loads this module with the
 * first key), so the control that key focused is kept too.
 */
export function keepKeyboardFocus(doc: Document = document, pressed = false): () => void {
  /** a key was pressed since the last pointer */
  let keyboard = pressed;
  /** the control the keyboard last focused, its ancestors then, the page it was on, and when it lost focus */
  let kept: { el: HTMLElement; levels: Level[]; path: string; lostAt: number | null } | null = null;
  let staysOff: ReturnType<typeof setTimeout> | undefined;

  const observer = new MutationObserver(() => {
    if (!kept) return;
    const active = doc.activeElement;
    // a control just turned off still holds focus for a moment (the browser drops it after this change)
    const holding = active === kept.el;
    const dropping = holding && kept.el.matches(':disabled');
    if (location.pathname !== kept.path || (active && active !== doc.body && !dropping)) {
      if (!holding) forget();
      return;
    }
    const now = performance.now();
    kept.lostAt ??= now;
    if (now - kept.lostAt > GIVE_BACK_MS) return forget();
    const { el, levels } = kept;
    if (el.isConnected) {
      if (!el.matches(':disabled') && shown(el)) return el.focus();
      // still off: wait for it. Off while nothing on the page is busy (a save, a list loading), it may
      // stay so (Next on the last page): then its neighbour takes focus. Asked again when work ends.
      staysOff ??= setTimeout(() => {
        staysOff = undefined;
        const lost = !doc.activeElement || doc.activeElement === doc.body;
        if (kept?.el !== el || !lost || !el.matches(':disabled') || doc.querySelector('[aria-busy="true"]')) return;
        forget();
        nextFocus(levels)?.focus();
      }, STAYS_OFF_MS);
      return;
    }
    forget();
    nextFocus(levels)?.focus();
  });
  // aria-busy too: the end of some work is when a control still off is known to stay off
  const watch = { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'aria-busy'] };
  function forget() {
    kept = null;
    clearTimeout(staysOff);
    staysOff = undefined;
    observer.disconnect();
  }

  const onKeyDown = () => {
    keyboard = true;
  };
  const onPointerDown = () => {
    keyboard = false;
    forget();
  };
  const onFocusIn = (e: FocusEvent) => {
    const el = e.target instanceof HTMLElement ? e.target : null;
    if (!el || !keyboard || !el.matches(':focus-visible')) return forget();
    const levels: Level[] = [];
    for (let child: Element = el, p = el.parentElement; p && child !== doc.body; child = p, p = p.parentElement) {
      levels.push({ node: p, index: Array.prototype.indexOf.call(p.children, child) });
    }
    kept = { el, levels, path: location.pathname, lostAt: null };
    observer.observe(doc.body, watch);
  };
  // Left by the user's own move (a click elsewhere, even on no control): nothing to give back. Decided a
  // moment later: Chromium sends focusout while it removes a control, when it is still in the page.
  const onFocusOut = (e: FocusEvent) => {
    const el = e.target;
    queueMicrotask(() => {
      if (kept?.el === el && kept.el.isConnected && !kept.el.matches(':disabled') && doc.activeElement !== kept.el) forget();
    });
  };
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  if (pressed && doc.activeElement !== doc.body) onFocusIn({ target: doc.activeElement } as FocusEvent);
  return () => {
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    forget();
  };
}
