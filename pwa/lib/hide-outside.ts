/**
 * While a modal dialog is open, everything outside it is marked `aria-hidden`, as dialog libraries do
 * (react-aria's ariaHideOutside, MUI's Modal). A native modal <dialog> already makes the page behind it
 * inert for the browser, but not every tool that reads the page by roles knows that: a screen-reader
 * test or a browser test looking for "Cancel" would also find the page's "Cancel Registration" behind
 * it. Elements that were already hidden are left as they were.
 *
 * Returns the undo, which restores exactly what it changed.
 */
export function hideOutside(keep: Element): () => void {
  const hidden: Element[] = [];
  for (let node: Element = keep; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute('aria-hidden')) continue;
      sibling.setAttribute('aria-hidden', 'true');
      hidden.push(sibling);
    }
  }
  return () => {
    for (const el of hidden) el.removeAttribute('aria-hidden');
  };
}
