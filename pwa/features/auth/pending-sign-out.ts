/**
 * A sign-out made with no signal. The device forgets its token at once (it is signed out), but the
 * server's session would stay open until it expires, though a sign-out ends it there too
 * (docs/architecture.md#security). The token is kept aside, never to sign in with, only to end its
 * session once the server answers: at the next start or when the signal returns.
 */
import { ApiError, apiFetch, isRetryable } from '../../lib/api-client';

const KEY = 'pending_sign_out';

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

/** Ends the session of `token` on the server; kept to end later when no answer came. */
export async function endSession(token: string): Promise<void> {
  try {
    await apiFetch('POST', '/auth/logout', {
      auth: false,
      registrant: false,
      on401: 'throw',
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (e) {
    // a refusal ends it for good (a 401: it had already ended); no answer, or a 5xx: once the server answers
    if (!(e instanceof ApiError) || isRetryable(e)) keep([...pending().filter((t) => t !== token), token]);
  }
}

/** Ends the sessions signed out of while the server could not be reached; those still unreached stay kept. */
export async function endPendingSessions(): Promise<void> {
  const tokens = pending();
  if (!tokens.length) return;
  keep([]);
  for (const token of tokens) await endSession(token);
}
