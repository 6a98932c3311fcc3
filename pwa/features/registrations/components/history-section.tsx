/**
 * Change History for admins (every change is audited): who did what and when, newest first,
 * with the fields an update changed, each from its old value to its new one. Closed by default; the trail loads when it is opened.
 */
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../../shared/pricing';
import { useHistory, type HistoryEntry } from '../api/get-history';

const ACTION_LABELS: Record<string, string> = {
  'registration.create': 'Registration created',
  'registration.update': 'Registration updated',
  'registration.cancel': 'Registration cancelled',
  'registration.reactivate': 'Registration reactivated',
  'registration.confirm': 'Registration confirmed',
  'attendee.add': 'Attendee added',
  'attendee.update': 'Attendee updated',
  'attendee.remove': 'Attendee removed',
  'payment.record': 'Payment recorded',
  'payment.refund': 'Refund recorded',
  'flight-info.request': 'Flight info requested by email',
  'flights.replace': 'Flight information submitted',
  'flight.pickup': 'Picked up at the airport',
  'flight.pickup_clear': 'Airport pickup cleared',
  'hotel.match': 'Hotel booking linked',
  'hotel.unmatch': 'Hotel booking unlinked',
  'hotel.import_update': 'Hotel booking updated by import',
  'attendee.check_in': 'Checked in at the desk',
  'attendee.check_in_undo': 'Check-in undone at the desk',
  'registration.pass_sent': 'Check-in pass emailed',
};

/** Fields whose noise would hide the change itself. */
const IGNORED = new Set(['updated_at', 'version', 'attendee_count']);

const humanize = (key: string) => key.replace(/_/g, ' ');

/** The top-level fields that differ between `before` and `after` (both plain objects), for an update. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(a).filter((k) => !IGNORED.has(k) && k in b && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** The money fields of a registration's audit rows, in dollars: shown as the page shows money. */
const MONEY = /(^|_)(amount|due)$/;

/** A value as the history shows it: money as dollars, a percentage with its sign, text cut at 80 characters; an empty one says so. */
function shown(v: unknown, key = ''): string {
  if (v === null || v === undefined || v === '') return '(empty)';
  if (typeof v === 'number' && MONEY.test(key)) return formatMoney(v);
  if (typeof v === 'number' && key.endsWith('_percentage')) return `${v}%`;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** "$250.00, cash (At the desk)": what a payment or refund was, from its audit row. */
function paymentText(p: Record<string, unknown>): string {
  const amount = typeof p.amount === 'number' ? formatMoney(Math.abs(p.amount)) : '';
  return [amount, p.method].filter(Boolean).join(', ') + (p.note ? ` (${shown(p.note)})` : '');
}

/**
 * What an update changed, field by field, from the audit row's before and after: "primary email:
 * ana@old.example → ana@new.example", so a mistyped email or phone can be put back from the page.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return changedFields(before, after).map((k) => `${humanize(k)}: ${shown(b[k], k)} → ${shown(a[k], k)}`);
}

function describe(e: HistoryEntry): string {
  const label = ACTION_LABELS[e.action] ?? e.action;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const before = (e.before ?? {}) as Record<string, unknown>;
  if (e.action === 'attendee.add') return `${label}: ${after.first_name ?? ''} ${after.last_name ?? ''}`.trim();
  if (e.action === 'attendee.update') {
    const fields = changedFields(e.before, e.after);
    return (
      `${label}: ${after.first_name ?? ''} ${after.last_name ?? ''}`.trim() + (fields.length ? ` (${fields.map(humanize).join(', ')})` : '')
    );
  }
  if (e.action === 'attendee.remove') return `${label}: ${before.first_name ?? ''} ${before.last_name ?? ''}`.trim();
  if (e.action === 'registration.cancel' && after.cancel_reason) return `${label}: ${String(after.cancel_reason)}`;
  if (e.action === 'payment.record' || e.action === 'payment.refund') {
    const what = paymentText(after);
    return what ? `${label}: ${what}` : label;
  }
  const fields = changedFields(e.before, e.after);
  return e.action.endsWith('.update') && fields.length ? `${label}: ${fields.map(humanize).join(', ')}` : label;
}

function Changes({ lines }: { lines: string[] }) {
  if (!lines.length) return null;
  return (
    <ul className="history-changes">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

export function HistorySection({ registrationNumber }: { registrationNumber: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const history = useHistory(registrationNumber, page, open);
  const pages = history.data?.pagination.pages ?? 1;
  return (
    <section className="card" aria-labelledby="history-title">
      <details className="history-details" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>
          <h2 id="history-title" className="summary-heading">
            Change History
          </h2>
        </summary>
        {history.isPending && open && <Spinner label="Loading history..." />}
        {history.isError && <Alert kind="error">{errorMessage(history.error, 'Failed to load history')}</Alert>}
        {history.data && (
          <>
            <ol className="history-list">
              {history.data.history.map((e) => (
                <li key={e.id}>
                  <span className="history-what">{describe(e)}</span>
                  {e.action.endsWith('.update') && <Changes lines={changeLines(e.before, e.after)} />}
                  <span className="cell-sub">
                    {formatDateTime(e.created_at)} · {e.actor}
                  </span>
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <div className="actions">
                <button type="button" className="page-btn" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Newer
                </button>
                <span className="cell-sub">
                  Page {page} of {pages}
                </span>
                <button type="button" className="page-btn" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Older
                </button>
              </div>
            )}
          </>
        )}
      </details>
    </section>
  );
}
