/**
 * The always-visible sync line on staff screens (docs/product.md#arrivals-board: online/offline, pending changes, last sync,
 * conflicts to resolve): 'Offline · 3 pending · Last synced 2 min ago · 1 conflict', with a button that
 * opens the sync panel. Mounted once, in the staff layout (pwa/app/layouts/admin-layout.tsx). Reads
 * only; the data is in Dexie and the engine (hooks.ts). Until the outbox has been read it shows no
 * count and no last-synced time (a '0 not synced' that is not known yet would be a lie), only
 * online/offline, and says it is busy.
 */
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useOverrides, useSyncedClock, useSyncStatus } from '../hooks';
import { conflictsText, failedText, lastSyncedText, pendingText, syncingText } from '../sync-text';
import { Spinner } from '../../components/spinner';

// The panel's code loads when it is first opened (precached for offline use by the service worker):
// every staff screen shows this bar, so it stays small (170 KB for the greeter's first visit).
const SyncPanel = lazy(() => import('./sync-panel').then((m) => ({ default: m.SyncPanel })));

const bar: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.4rem', fontSize: '0.85rem' };

export function SyncStatusBar({ className }: { className?: string }) {
  const s = useSyncStatus();
  const now = useSyncedClock(s.lastSyncedAt);
  const [open, setOpen] = useState(false);
  const notices = useOverrides().notices ?? [];
  const count = (about?: string) => notices.filter((n) => n.about === about).length;
  const [overridden, flightsChanged, settled] = [count(), count('flight'), count('payment')];
  const attention = (s.failed ?? 0) + (s.conflicts ?? 0) + notices.length;
  return (
    <div
      className={['sync-status', className].filter(Boolean).join(' ')}
      style={bar}
      role="status"
      aria-live="polite"
      aria-busy={s.loading || undefined}
    >
      <span className={`badge ${s.online ? 'badge-green' : 'badge-grey'}`}>{s.online ? 'Online' : 'Offline'}</span>
      {s.online && s.live && (
        // its own word's width, not the last-synced slot's kept one (on a phone that took a row of its own)
        <span className="sync-live" title="Changes made on other devices show here within moments">
          Live
        </span>
      )}
      {s.pending !== undefined && (
        <span className={`badge ${s.pending > 0 ? 'badge-yellow' : 'badge-grey'}`}>{pendingText(s.pending)}</span>
      )}
      {!!s.failed && <span className="badge badge-red">{failedText(s.failed)}</span>}
      {!!s.conflicts && <span className="badge badge-red">{conflictsText(s.conflicts)}</span>}
      {overridden > 0 && (
        <span className="badge badge-red">{overridden === 1 ? '1 tap changed elsewhere' : `${overridden} taps changed elsewhere`}</span>
      )}
      {settled > 0 && <span className="badge badge-yellow">{settled === 1 ? '1 payment settled' : `${settled} payments settled`}</span>}
      {flightsChanged > 0 && (
        <span className="badge badge-yellow">{flightsChanged === 1 ? '1 flight changed' : `${flightsChanged} flights changed`}</span>
      )}
      {/* one slot: the line must not grow and push the cards under a finger each time a sync starts
          (a sync cannot hang: its requests give up after at most 2 minutes, offline/transport.ts) */}
      {s.syncing ? (
        <span className="sync-last">{syncingText(s.progress, s.online)}</span>
      ) : (
        s.lastSyncedAt !== undefined && <span className="sync-last">{lastSyncedText(s.lastSyncedAt, now)}</span>
      )}
      {s.authRequired && <span className="badge badge-red">Sign in again to sync</span>}
      <Button variant="ghost" className="btn-small" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {attention > 0 ? 'Resolve changes' : 'Sync details'}
      </Button>
      <Dialog
        open={open}
        title="Sync details"
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        <Suspense fallback={<Spinner label="Loading changes..." />}>
          <SyncPanel />
        </Suspense>
      </Dialog>
    </div>
  );
}
