/** After a refused submit, moves focus to the first invalid control so a phone user lands on the problem. */
export function focusFirstError(root: ParentNode | null = document): void {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error, .alert-error');
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (el.matches('input, select, textarea')) el.focus({ preventScroll: true });
  });
}
