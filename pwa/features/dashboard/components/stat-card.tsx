/** One of the four headline cards of the Overview. */
import type { ReactNode } from 'react';

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="card stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      {hint && <p className="stat-hint">{hint}</p>}
    </div>
  );
}

/** A label/number list (Registration Status, Attendee Categories, Financial Summary). */
export function StatList({ rows }: { rows: { label: string; value: ReactNode; strong?: boolean }[] }) {
  return (
    <dl className="stat-list">
      {rows.map((r) => (
        <div key={r.label} className={r.strong ? 'stat-row stat-row-strong' : 'stat-row'}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
