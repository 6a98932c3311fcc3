/**
 * The offline layer's network for tests: a device's sync request (pwa/offline/transport.ts) delivered
 * to the test app in process, with the user's session and the op's Idempotency-Key, as the browser's
 * transport sends it.
 */
import type { TestApp } from './app';
import { withQuery, type SyncRequest, type SyncResponse } from '../../pwa/offline/transport';

export async function deliverTo(t: TestApp, token: string, req: SyncRequest): Promise<SyncResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
  const res = await t.app.request(`/api${withQuery(req.path, req.query)}`, {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
