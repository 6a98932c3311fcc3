/**
 * After a refused submit, moves focus to the first invalid control so the user lands on the problem (a
 * banner above the form saying so is read out on its own). With no invalid control (a refusal of the
 * whole form), the first message is scrolled into view instead.
 */
export function focusFirstError(root: ParentNode | null = document): void {
  requestAnimationFrame(() => {
    const control = root?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]',
    );
    const el = control ?? root?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error, .alert-error');
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (control) control.focus({ preventScroll: true });
  });
}
