/**
 * The client's address for throttling: the socket's, or, behind a trusted proxy (TRUST_PROXY=true),
 * the last hop of X-Forwarded-For: the address the proxy itself appended. Earlier hops are whatever the
 * client sent, so a client could name a new address on every request and escape every per-address
 * limit. A last hop that is not an IP address (the header is the client's own, the proxy passed it on
 * untouched) falls back to the socket's, and is never stored as a throttle key.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context';

export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (last && isIP(last)) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
