/** A label/value list for the registration page's blocks; empty values show a dash. */
import type { ReactNode } from 'react';

export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="details details-grid">{children}</dl>;
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <dt>{label}</dt>
      <dd>{empty ? <span className="muted">—</span> : children}</dd>
    </div>
  );
}
