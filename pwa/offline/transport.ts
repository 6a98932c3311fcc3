/**
 * How the sync engine reaches the server: one injected function, so tests can drop, lose, duplicate and
 * reorder requests (tests/api/sync-fault-injection.test.ts), and the app can use its one API client
 * (pwa/lib/api-client.ts). Nothing is stored here.
 *
 * A transport answers `{ status, body }` for every HTTP answer, including 4xx/5xx, and throws
 * NetworkError only when there was no answer at all (offline, DNS, connection reset, lost response).
 */
import { ApiError, apiFetch } from '../lib/api-client';

export interface SyncRequest {
  method: 'GET' | 'POST';
  /** path under /api, e.g. '/sync/arrivals' */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** sent as the Idempotency-Key header */
  idempotencyKey?: string;
}

export interface SyncResponse {
  status: number;
  body: unknown;
}

/**
 * `onAnswer` is called once the answer has begun (its status and headers are in), before its body: a
 * first-download page on a slow link takes seconds more, and the server was reached already.
 */
export type Transport = (req: SyncRequest, events?: { onAnswer?: () => void }) => Promise<SyncResponse>;

/**
 * No answer from the server: the request may or may not have been applied, unless `mayHaveReached` is
 * false (the device was offline when it was sent and still is: the browser sent nothing).
 */
export class NetworkError extends Error {
  constructor(
    message = 'No connection to the server',
    readonly mayHaveReached = true,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The browser says it has no network. Only "offline" is to be believed: "online" may still reach nothing. */
const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const NOT_SENT = 'Waiting for a connection';

/** `path?since=…&limit=…` with empty values left out. */
export function withQuery(path: string, query?: SyncRequest['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * How long a sync request may wait for its answer to start, and then for the rest of it. A connection
 * that dies mid-request (an airport's 3G) can leave a request pending for minutes, and while it is, the
 * engine's cycle holds: no tick is sent, even once the signal is back. Past either limit the request
 * counts as no answer (NetworkError) and the engine's retry takes over; an op that did reach the server
 * replays by its Idempotency-Key. The body's limit is longer: a first-download page (~0.1 MB
 * compressed) must still arrive over crowded Wi-Fi.
 */
export const SYNC_ANSWER_TIMEOUT_MS = 30_000;
export const SYNC_BODY_TIMEOUT_MS = 120_000;

/**
 * The app's transport: the shared API client with the session token from `getToken`, and 401s handed
 * back to the engine instead of redirecting (a background sync never navigates on its own).
 */
export function apiTransport(
  getToken: () => string | null,
  limits = { answerMs: SYNC_ANSWER_TIMEOUT_MS, bodyMs: SYNC_BODY_TIMEOUT_MS },
): Transport {
  return async (req, events) => {
    const token = getToken();
    // an AbortController and a timer rather than AbortSignal.timeout, which iOS 15 does not have
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(new NetworkError('No answer in time')), limits.answerMs);
    const offlineWhenSent = deviceOffline();
    let answered = false;
    /**
     * Refused by the browser at once while it was offline from before the request to after: it never left
     * the device. Not when an answer began, nor when our own timer gave up on one (a request that hangs was sent).
     */
    const failed = (message: string) =>
      offlineWhenSent && deviceOffline() && !answered && !abort.signal.aborted
        ? new NetworkError(NOT_SENT, false)
        : new NetworkError(message);
    try {
      const res = await apiFetch(req.method, req.path, {
        signal: abort.signal,
        query: req.query,
        body: req.body,
        idempotencyKey: req.idempotencyKey,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        auth: false,
        registrant: false,
        on401: 'throw',
      });
      answered = true;
      events?.onAnswer?.();
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(new NetworkError('The answer stopped arriving')), limits.bodyMs);
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.isNetworkError) throw failed(e.message);
        return { status: e.status, body: e.body ?? { error: e.message } };
      }
      if (e instanceof SyntaxError) return { status: 502, body: { error: 'The server sent an unreadable answer' } };
      throw failed(e instanceof Error ? e.message : String(e));
    } finally {
      clearTimeout(timer);
    }
  };
}
