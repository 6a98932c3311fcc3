/**
 * After a refused submit, moves focus to the first invalid control so the user lands on the problem (a
 * banner above the form saying so is read out on its own). With no invalid control (a refusal of the
 * whole form), the first message is scrolled into view instead. `root` is the form, or the part of the
 * page that holds the boxes of a form that spans it; a form nested in it (another form of the page, such as
 * Record Payment beside the registration's edit mode) is not searched: its refused box is not this refusal's.
 */
export function focusFirstError(root: ParentNode | null = document): void {
  requestAnimationFrame(() => {
    if (!root) return;
    const first = (selector: string) =>
      Array.from(root.querySelectorAll<HTMLElement>(selector)).find((el) => {
        const form = el.parentElement?.closest('form');
        return !form || form === root || root === document || !root.contains(form);
      });
    const control = first('input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]');
    const el = control ?? first('[aria-invalid="true"], .form-error, .alert-error');
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (control) control.focus({ preventScroll: true });
  });
}
