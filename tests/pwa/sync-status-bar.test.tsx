/**
 * The sync line keeps the time of the last sync on screen while a sync runs: on a poor signal a sync can
 * take a while, and the greeter must still see how old the board is (docs/architecture.md).
 */
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';

const TEN_MINUTES_AGO = new Date(Date.now() - 10 * 60_000).toISOString();
vi.mock('../../pwa/offline/hooks', () => ({
  useSyncStatus: () => ({ online: true, syncing: true, pending: 3, lastSyncedAt: TEN_MINUTES_AGO, loading: false }),
  useMinuteClock: () => Date.now(),
  useOverrides: () => ({ notices: [], markRead: async () => {} }),
}));

const { SyncStatusBar } = await import('../../pwa/offline/components/sync-status-bar');

describe('sync status bar while a sync runs', () => {
  it('says it is syncing and still shows when the last sync was', () => {
    const html = renderToString(<SyncStatusBar />);
    expect(html).toContain('Syncing…');
    expect(html).toContain('Last synced 10 min ago');
    expect(html).toContain('3 not synced');
  });
});
