/**
 * The sync panel: every change on this device that the server has not acknowledged, in replay order,
 * with what to do about it (docs/architecture.md#offline-layer: refusals stay in the outbox and are shown).
 *   conflict (a booking linked elsewhere or deleted): 'Keep server' / 'Retry';
 *   a desk payment paid twice: 'Mark as seen' only (it is recorded; sending it again would take it twice)
 *   failed (refused for good): 'Retry' / 'Discard' after a confirmation that names the change
 *   pending (waiting for the network): 'Discard' after a confirmation
 * A change made by someone other than the signed-in user says who ('by Ana Lima'), and a notice on top
 * says that another user's unsent changes were kept at sign-in and their saved data removed (owner.ts).
 */
import { useState, type CSSProperties } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useHandover, useOutbox, useOverrides, useSendingOps, useSessionOwner, useSyncStatus } from '../hooks';
import { syncNow } from '../runtime';
import { notOnServer } from '../local-data';
import { asSent, discardQuestion, handoverText } from '../sync-text';
import type { OutboxOp } from '../types';

const list: CSSProperties = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' };
const item: CSSProperties = { border: '1px solid var(--c-border)', borderRadius: 'var(--radius)', padding: '0.5rem 0.75rem' };
const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '0.25rem' };

const STATE_TEXT: Record<OutboxOp['state'], { text: string; badge: string }> = {
  pending: { text: 'Waiting to sync', badge: 'badge-yellow' },
  failed: { text: 'Refused by the server', badge: 'badge-red' },
  conflict: { text: 'Conflict', badge: 'badge-red' },
  done: { text: 'Synced', badge: 'badge-green' },
};

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function OpItem({ op, me }: { op: OutboxOp; me: number | null }) {
  const { retry, keepServer, discard } = useOutbox();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // on its way: it may be on the server already, whatever a discard does here
  const sending = useSendingOps().includes(op.opId);
  const confirmDiscard = () =>
    window.confirm(discardQuestion(asSent(op, sending ? [op.opId] : []))) ? discard(op.opId) : Promise.resolve();
  const s = sending ? { text: 'Sending…', badge: 'badge-yellow' } : STATE_TEXT[op.state];
  return (
    <li style={item} data-op-state={op.state}>
      <div>
        <strong>{op.label}</strong>
      </div>
      <div style={{ fontSize: '0.85rem', color: 'var(--c-muted)' }}>
        <span className={`badge ${s.badge}`}>{s.text}</span> {timeOf(op.createdAt)}
        {op.madeBy && op.madeBy.userId !== me && ` · by ${op.madeBy.name ?? 'another user'}`}
        {op.attempts > 0 && ` · ${op.attempts} attempt${op.attempts === 1 ? '' : 's'}`}
      </div>
      {op.lastError && <div style={{ fontSize: '0.85rem' }}>{op.lastError}</div>}
      {error && <div className="form-error">{error}</div>}
      <div style={row}>
        {op.state === 'conflict' && (
          <Button variant="secondary" className="btn-small" disabled={busy} onClick={run(() => keepServer(op.opId))}>
            {op.kind === 'payment' ? 'Mark as seen' : 'Keep server'}
          </Button>
        )}
        {op.state !== 'pending' && notOnServer(op) && (
          <Button variant="secondary" className="btn-small" disabled={busy} onClick={run(() => retry(op.opId))}>
            Retry
          </Button>
        )}
        {op.state !== 'conflict' && (
          <Button variant="ghost" className="btn-small" disabled={busy} onClick={run(confirmDiscard)}>
            Discard
          </Button>
        )}
      </div>
    </li>
  );
}

export function SyncPanel() {
  const { ops } = useOutbox();
  const status = useSyncStatus();
  const handover = useHandover();
  const me = useSessionOwner();
  const overrides = useOverrides();
  return (
    <section aria-label="Changes waiting to sync">
      {!!overrides.notices?.length && (
        <Alert kind="warning">
          <ul style={list}>
            {overrides.notices.map((n) => (
              <li key={n.opId}>{n.text}</li>
            ))}
          </ul>
          <Button variant="secondary" className="btn-small" onClick={() => void overrides.markRead()}>
            Mark as read
          </Button>
        </Alert>
      )}
      <div style={{ ...row, alignItems: 'center', marginBottom: '0.75rem' }}>
        <Button className="btn-small" busy={status.syncing} busyText="Syncing…" onClick={() => void syncNow()}>
          Sync now
        </Button>
        {!status.online && <span>Offline: changes are kept on this device and sent when the signal returns.</span>}
        {status.authRequired && <span>Your session has ended. Sign in again; your changes are kept.</span>}
        {status.lastError && status.online && !status.authRequired && <span>{status.lastError}</span>}
      </div>
      {handover && <Alert kind="info">{handoverText(handover)}</Alert>}
      {ops === undefined ? null : ops.length === 0 ? (
        <p className="note">Every change on this device has reached the server.</p>
      ) : (
        <ul style={list}>
          {ops.map((op) => (
            <OpItem key={op.opId} op={op} me={me} />
          ))}
        </ul>
      )}
    </section>
  );
}
