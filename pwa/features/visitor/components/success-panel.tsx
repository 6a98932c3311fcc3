/** The closing screen of a visitor flow: a heading, what happens next, and where to go from here. */
import { useEffect, useRef, type ReactNode } from 'react';

/** Said instead of the confirmation mail's promise when the server sent none this time (several went in the last minutes, or the mail failed). */
export const NO_NEW_CONFIRMATION =
  'Your flights are saved. No confirmation email was sent this time: several went out in the last few minutes, or mail could not be sent.';

export function SuccessPanel({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the form that was here is gone: move focus (and a screen reader) to the outcome
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="card success-panel" role="status">
      <div className="success-icon" aria-hidden="true">
        ✓
      </div>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <div className="actions success-actions">{actions}</div>
    </div>
  );
}
