/**
 * The code step survives a reload. A visitor reads the emailed code in their mail app, and the phone
 * may reload the browser's tab meanwhile; starting over would ask for a new code, which kills the one in
 * the inbox and spends one of the email's 3 sends per 15 minutes. So this tab remembers, per flow,
 * which email a code was sent to, for as long as that code can work (sessionStorage: this tab only,
 * never the code itself).
 */
import { CODE_TTL_MS } from '../../../shared/constants';
import { randomKey } from '../../lib/random-key';
import type { CodeFlow as Flow } from './api/verification-api';

const keyOf = (flow: Flow) => `pending_code_${flow}`;

interface Stored {
  email?: unknown;
  sentAt?: unknown;
  verifyKey?: unknown;
  wrongTries?: unknown;
}

/** What this tab keeps of its code of `flow`, as stored (checked by each reader); {} when nothing or unreadable. */
function stored(flow: Flow): Stored {
  try {
    return (JSON.parse(sessionStorage.getItem(keyOf(flow)) ?? 'null') as Stored | null) ?? {};
  } catch {
    return {};
  }
}

/** The email a code of `flow` was sent to in this tab, while that code can still work; else null. */
export function readPendingCode(flow: Flow, now = Date.now()): string | null {
  const { email, sentAt } = stored(flow);
  if (typeof email !== 'string' || typeof sentAt !== 'number' || now - sentAt >= CODE_TTL_MS || sentAt > now) return null;
  return email;
}

/** Whether this tab's code of `flow` was sent long enough ago that it no longer works (10 minutes). */
export function pendingCodeExpired(flow: Flow, now = Date.now()): boolean {
  const { sentAt } = stored(flow);
  return typeof sentAt === 'number' && now - sentAt >= CODE_TTL_MS;
}

export function rememberPendingCode(flow: Flow, email: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(keyOf(flow), JSON.stringify({ email, sentAt: now, verifyKey: randomKey() }));
  } catch {
    /* storage unavailable: a reload starts at the email step */
  }
}

/**
 * The Idempotency-Key of this code's Verify, the same for every try of it, so a Verify whose answer was
 * lost (bad signal) and sent again is answered again (the server's consumeCode); null when none is kept.
 */
export function pendingVerifyKey(flow: Flow, now = Date.now()): string | null {
  if (readPendingCode(flow, now) === null) return null;
  const { verifyKey } = stored(flow);
  return typeof verifyKey === 'string' ? verifyKey : null;
}

/**
 * The wrong tries of this tab's pending code, counted across reloads and Back to Email: the server kills
 * a code after CODE_MAX_WRONG_TRIES, and a count that started over kept offering a dead code. 0 when none.
 */
export function pendingWrongTries(flow: Flow, now = Date.now()): number {
  if (readPendingCode(flow, now) === null) return 0;
  const { wrongTries } = stored(flow);
  return typeof wrongTries === 'number' ? wrongTries : 0;
}

/** Counts one more wrong try of the pending code; answers the count (this one included). */
export function countWrongTry(flow: Flow, now = Date.now()): number {
  const tries = pendingWrongTries(flow, now) + 1;
  try {
    if (readPendingCode(flow, now) !== null) sessionStorage.setItem(keyOf(flow), JSON.stringify({ ...stored(flow), wrongTries: tries }));
  } catch {
    /* storage unavailable: the count lives only as long as the screen */
  }
  return tries;
}

export function forgetPendingCode(flow: Flow): void {
  try {
    sessionStorage.removeItem(keyOf(flow));
  } catch {
    /* storage unavailable: nothing to forget */
  }
}
