/**
 * Enter in a one-line box that belongs to no form (the registration page's edit mode spreads its boxes
 * over several blocks, so they share no <form>): true when the key should do what a form's Enter does,
 * submit. Boxes inside a form (a dialog's) keep their own form's Enter; check boxes, lists and buttons
 * keep theirs; a key that ends an input method's composition (Japanese, Chinese) is not a submit.
 */
const NOT_SUBMITTING = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'color', 'range']);

export function enterSubmits(e: { key: string; target: EventTarget | null; nativeEvent: KeyboardEvent }): boolean {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return false;
  const box = e.target;
  return box instanceof HTMLInputElement && box.form === null && !NOT_SUBMITTING.has(box.type);
}
