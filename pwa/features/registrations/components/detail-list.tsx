/** A label/value list for the registration page's blocks; empty values show a dash. */
import type { ReactNode } from 'react';

export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="details details-grid">{children}</dl>;
}

/** `wide`: a value that is one long word (an email) takes the whole row on a phone rather than break mid-word. */
export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={wide ? 'detail-wide' : undefined}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="muted">—</span> : children}</dd>
    </div>
  );
}
