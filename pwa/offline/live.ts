/**
 * The live stream of a signed-in staff device (GET /api/live; server/routes/live.ts). It carries no
 * data: a `change` event says a feed this device downloads changed, and the device runs its usual
 * cycle (upload, then download by cursor), so push adds no second data path. The periodic sync stays
 * as the fallback: a device without a stream is only slower, never wrong.
 *
 * @microsoft/fetch-event-source reads the stream over fetch, because EventSource cannot send the
 * Authorization header and a token never goes in a URL. The stream closes while the page is hidden and
 * reopens when it is shown (iOS drops background streams without an error); every (re)opening runs a
 * cycle, so whatever was missed meanwhile is caught up. After a drop it reconnects with full-jitter
 * backoff; a 401/403 ends it for good (the sync engine asks the user to sign in again).
 */
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { API_BASE } from '../lib/api-client';
import { parseLiveChange, type LiveFeed } from '../../shared/live';
import { backoffDelay } from './sync-engine';

export type LiveStatus = 'off' | 'connecting' | 'live';

export interface LiveOptions {
  token: string;
  /** a feed changed, or the stream (re)opened and something may have been missed */
  onChange: (feed: LiveFeed | null) => void;
  onStatus: (status: LiveStatus) => void;
  /** tests bring the app's own fetch */
  fetch?: typeof fetch;
}

/** Refused for good: stop reconnecting. */
class Refused extends Error {}
/** Closed or failed: reconnect after a backoff. */
class Dropped extends Error {}

/** Opens the stream; returns its stop. */
export function startLive({ token, onChange, onStatus, fetch }: LiveOptions): () => void {
  const controller = new AbortController();
  let failures = 0;
  onStatus('connecting');
  fetchEventSource(`${API_BASE}/live`, {
    signal: controller.signal,
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    cache: 'no-store',
    openWhenHidden: false,
    fetch,
    async onopen(res) {
      if (res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')) {
        failures = 0;
        onStatus('live');
        onChange(null);
        return;
      }
      throw res.status === 401 || res.status === 403 ? new Refused() : new Dropped();
    },
    onmessage(message) {
      if (message.event !== 'change') return;
      onChange(parseLiveChange(message.data)?.feed ?? null);
    },
    onclose() {
      throw new Dropped();
    },
    onerror(err) {
      if (err instanceof Refused) throw err;
      failures += 1;
      onStatus('connecting');
      return backoffDelay(failures);
    },
  }).catch((err: unknown) => {
    if (controller.signal.aborted) return;
    onStatus('off');
    // the session refused (signed out elsewhere, disabled, a role changed): a sync now meets it too, and the
    // screen follows at once (to /login, or the new role's screens) rather than at the next periodic sync
    if (err instanceof Refused) onChange(null);
  });
  return () => {
    controller.abort();
    onStatus('off');
  };
}
