import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SyncStatusBar } from '../../pwa/offline/components/sync-status-bar';
import { SyncPanel } from '../../pwa/offline/components/sync-panel';
import { handoverText } from '../../pwa/offline/sync-text';

// No DOM here: a server render is the first render, before any live query has answered. It checks that
// the bar and the panel render that state without touching browser-only APIs at render time, and that
// the bar claims nothing it does not know yet.
describe('sync status components', () => {
  it('before the outbox is read, the bar shows online and that it is busy, and no count or sync time', () => {
    const html = renderToString(
      <MemoryRouter>
        <SyncStatusBar />
      </MemoryRouter>,
    );
    expect(html).toContain('Online');
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('pending');
    expect(html).not.toContain('Not synced yet');
    expect(html).not.toContain('Last synced');
  });

  it('the panel offers Sync now', () => {
    const html = renderToString(
      <MemoryRouter>
        <SyncPanel />
      </MemoryRouter>,
    );
    expect(html).toContain('Sync now');
  });

  it('says whose unsent changes were kept at sign-in, and that their saved data was removed', () => {
    expect(handoverText({ count: 2, names: ['Ana Lima'] })).toBe(
      '2 changes made on this device by Ana Lima have not reached the server yet. They are kept and will be sent; pickups and check-ins keep the name of who tapped them. The data Ana Lima had saved on this device was removed when you signed in.',
    );
    expect(handoverText({ count: 1, names: ['Ana Lima', 'Bo Greer'] })).toContain(
      '1 change made on this device by Ana Lima and Bo Greer has not reached',
    );
    expect(handoverText({ count: 1, names: [] })).toBe(
      '1 change made on this device before you signed in has not reached the server yet. It is kept and will be sent; pickups and check-ins keep the name of who tapped them. The data saved on this device by the previous user was removed when you signed in.',
    );
  });
});
