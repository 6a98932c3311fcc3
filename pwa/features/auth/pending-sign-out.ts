/**
 * Ending a session on the server at sign-out, on any signal. The device forgets its token at once (it is
 * signed out), but a sign-out ends the session on the server too (docs/architecture.md#security): the
 * token is kept aside first, never to sign in with, only to end its session, and dropped once the server
 * has answered. With no answer (no signal, a connection that hangs, a 5xx) it is sent again at the next
 * start or when the signal returns.
 */
import { ApiError, apiFetch, isRetryable } from '../../lib/api-client';

const KEY = 'pending_sign_out';
/** How long one attempt may wait for the server before the token waits for the next. */
const ANSWER_MS = 8_000;

function pending(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function keep(tokens: string[]): void {
  try {
    if (tokens.length) localStorage.setItem(KEY, JSON.stringify(tokens));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the session ends when it expires */
  }
}

/** The kept tokens but `token`. */
const without = (token: string) => pending().filter((t) => t !== token);

/** Keeps `token` to end its session on the server (endPendingSessions). */
export function rememberSignOut(token: string): void {
  keep([...without(token), token]);
}

async function endOne(token: string): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ANSWER_MS);
  try {
    await apiFetch('POST', '/auth/logout', {
      auth: false,
      registrant: false,
      on401: 'throw',
      signal: abort.signal,
      headers: { Authorization: `Bearer ${token}` },
    });
    keep(without(token));
  } catch (e) {
    // a refusal ends it for good (a 401: it had already ended); no answer, a 5xx or a 429: kept for later
    if (e instanceof ApiError && !isRetryable(e) && e.status !== 429) keep(without(token));
  } finally {
    clearTimeout(timer);
  }
}

let running: Promise<void> | null = null;

/** Ends the sessions kept by rememberSignOut, one by one; each stays kept until the server answered for it. */
export function endPendingSessions(): Promise<void> {
  running ??= (async () => {
    for (const token of pending()) await endOne(token);
  })().finally(() => {
    running = null;
  });
  return running;
}
