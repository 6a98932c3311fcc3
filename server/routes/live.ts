/**
 * GET /api/live: the staff device's push stream (Server-Sent Events over a fetch, so the session travels
 * in the Authorization header, never in a URL). Events: `ready` once, `change` { feed, cursor } when a
 * feed the user downloads changed (the device then runs its usual upload-then-download cycle), `ping`
 * every LIVE_HEARTBEAT_SECONDS. The stream ends when the user's role changes or the session is revoked (sign-out, disable,
 * password change elsewhere) or the server stops; the device reconnects with backoff. See
 * server/live/hub.ts.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { requireUser } from '../middleware/auth';
import { feedsForRole, LIVE_HEARTBEAT_SECONDS } from '../../shared/live';

export const liveRoutes = new Hono<AppEnv>().get('/', (c) => {
  const user = requireUser(c);
  const { live } = c.get('deps');
  const res = streamSSE(c, async (stream) => {
    let ended = false;
    let wake: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      ended = true;
      clearTimeout(timer);
      wake?.();
    };
    const remove = live.add({
      sessionId: user.sessionId,
      feeds: feedsForRole(user.role),
      send: (change) => void stream.writeSSE({ event: 'change', data: JSON.stringify(change) }).catch(finish),
      end: finish,
    });
    stream.onAbort(finish);
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ feeds: feedsForRole(user.role) }) });
      while (!ended) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, LIVE_HEARTBEAT_SECONDS * 1000);
        });
        if (!ended) await stream.writeSSE({ event: 'ping', data: '' });
      }
    } finally {
      remove();
    }
  });
  // never cached or transformed (compression would buffer the stream); proxies must not buffer it either
  res.headers.set('Cache-Control', 'no-store, no-transform');
  res.headers.set('X-Accel-Buffering', 'no');
  return res;
});
