/**
 * Keyboard focus is not dropped when the control that had it is turned off or goes away. A busy button
 * (Save Changes, Record Payment) is disabled while it works, and the browser then puts focus on the
 * page itself; a control replaced when the work is done (Save Changes by the page's actions, a removed
 * attendee's row, a linked booking's card) does the same. A keyboard or screen-reader user would start
 * again from the top of the page. Here focus goes back to the control once it is on again, or, when it
 * is gone, to the first control shown in the nearest part of the page that remains (the actions group,
 * the list, the card list).
 *
 * Only for focus a keyboard gave (`:focus-visible`), so a tap on a phone never pops the keyboard up;
 * only while nothing else has focus, and only on the same page: a route's own change is left alone.
 */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const shown = (el: HTMLElement) => el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]');

/** An ancestor of the focused control, and the place among its children of the branch that held it. */
interface Level {
  node: Element;
  index: number;
}

const firstShown = (root: Element, last = false): HTMLElement | null => {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(shown);
  if (root instanceof HTMLElement && root.matches(FOCUSABLE) && shown(root)) all.unshift(root);
  return (last ? all.at(-1) : all[0]) ?? null;
};

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

export function keepKeyboardFocus(doc: Document = document): () => void {
  /** the control a keyboard last focused, its ancestors then, and the page it was on */
  let kept: { el: HTMLElement; levels: Level[]; path: string } | null = null;

  const onFocusIn = (e: FocusEvent) => {
    const el = e.target instanceof HTMLElement && e.target.matches(':focus-visible') ? e.target : null;
    if (!el) {
      kept = null;
      return;
    }
    const levels: Level[] = [];
    for (let child: Element = el, p = el.parentElement; p && child !== doc.body; child = p, p = p.parentElement) {
      levels.push({ node: p, index: Array.prototype.indexOf.call(p.children, child) });
    }
    kept = { el, levels, path: location.pathname };
  };
  // left by the user's own move (a click elsewhere, even on no control): nothing to give back
  const onFocusOut = (e: FocusEvent) => {
    if (kept && e.target === kept.el && kept.el.isConnected && !kept.el.matches(':disabled')) kept = null;
  };
  const observer = new MutationObserver(() => {
    if (!kept) return;
    const focusLost = doc.activeElement === doc.body || doc.activeElement === null;
    if (!focusLost || location.pathname !== kept.path) {
      if (doc.activeElement !== kept.el) kept = null;
      return;
    }
    const { el, levels } = kept;
    if (el.isConnected) {
      if (!el.matches(':disabled') && shown(el)) el.focus();
      return; // still off: wait for it
    }
    kept = null;
    nextFocus(levels)?.focus();
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    observer.disconnect();
  };
}
