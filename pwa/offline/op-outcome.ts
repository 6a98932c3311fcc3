/**
 * The fate of one outbox op, for the screen that queued it (the hotel screen says 'Successfully linked …',
 * the server's refusal, or 'kept on this device' without diffing the outbox). While the op is in the
 * outbox its state says it; once it has left, its receipt does: every path that removes an op (settle.ts
 * on the server's answer, outbox.ts on Discard / Keep server / Retry) writes one in the same
 * transaction, so there is no moment when an op is neither in the outbox nor receipted.
 *
 * Receipts are kept a day (RECEIPT_TTL_MS), pruned whenever one is written, and hold no personal data.
 */
import { liveQuery } from 'dexie';
import type { AppDB } from './db';
import type { OpKind, OpReceipt, OutboxOp, OverrideNotice } from './types';

export const RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * pending: in the outbox, waiting (offline, or retried after a network error / 5xx), with the last error;
 * failed / conflict: refused by the server, with its sentence (still in the outbox, shown in the sync panel);
 * done: the server acknowledged it, with its sentence when the answer carried one;
 * discarded: dropped on this device (Discard, sign-out) without reaching the server;
 * server-kept: a conflict the user resolved with Keep server (the server refused it, with its sentence);
 * unknown: not on this device (never queued here, or its receipt is older than a day).
 * `opId` is the op the answer is about: a Retry sends the change again under a new opId, which is followed.
 */
export type OpOutcome =
  | { state: 'pending'; opId: string; attempts: number; lastError: string | null }
  | { state: 'failed' | 'conflict'; opId: string; message: string }
  | { state: 'done'; opId: string; message: string | null }
  | { state: 'discarded'; opId: string; message: string | null }
  | { state: 'server-kept'; opId: string; message: string | null }
  | { state: 'unknown'; opId: string };

export type OpOutcomeState = OpOutcome['state'];

/**
 * Tells the user, in the sync panel, that a change of theirs reached the server after a later tap on
 * another device had already decided the other way (shown until read). Tables: meta.
 */
export async function noteOverride(db: AppDB, opId: string, text: string, about?: OverrideNotice['about']): Promise<void> {
  const notices = (await db.getMeta('overrides')) ?? [];
  const notice = { opId, text, at: new Date().toISOString(), ...(about ? { about } : {}) };
  await db.setMeta('overrides', [...notices.filter((n) => n.opId !== opId), notice]);
}

/** Records what became of an op leaving the outbox. Tables: receipts. */
export async function writeReceipt(
  db: AppDB,
  op: Pick<OutboxOp, 'opId' | 'kind'>,
  outcome: OpReceipt['outcome'],
  detail: { message?: string | null; nextOpId?: string | null } = {},
  now: () => number = Date.now,
): Promise<void> {
  const at = now();
  await db.receipts.put({
    opId: op.opId,
    kind: op.kind as OpKind,
    outcome,
    message: detail.message ?? null,
    nextOpId: detail.nextOpId ?? null,
    at: new Date(at).toISOString(),
  });
  await db.receipts
    .where('at')
    .below(new Date(at - RECEIPT_TTL_MS).toISOString())
    .delete();
}

/** The outcome of `opId` (following Retries), read from the outbox and the receipts. */
export async function opOutcome(db: AppDB, opId: string): Promise<OpOutcome> {
  let id = opId;
  // a chain of retries is short; the bound only guards against a cycle in damaged data
  for (let hop = 0; hop < 50; hop += 1) {
    const op = await db.outbox.where('opId').equals(id).first();
    if (op) {
      if (op.state === 'pending') return { state: 'pending', opId: id, attempts: op.attempts, lastError: op.lastError };
      if (op.state === 'done') return { state: 'done', opId: id, message: null };
      return { state: op.state, opId: id, message: op.lastError ?? 'Refused by the server' };
    }
    const receipt = await db.receipts.get(id);
    if (!receipt) return { state: 'unknown', opId: id };
    if (receipt.outcome === 'retried' && receipt.nextOpId) {
      id = receipt.nextOpId;
      continue;
    }
    if (receipt.outcome === 'done') return { state: 'done', opId: id, message: receipt.message };
    if (receipt.outcome === 'server-kept') return { state: 'server-kept', opId: id, message: receipt.message };
    return { state: 'discarded', opId: id, message: receipt.message };
  }
  return { state: 'unknown', opId: id };
}

/** True once the op no longer waits for the network (answered, refused, dropped, or unknown here). */
export const isSettled = (o: OpOutcome) => o.state !== 'pending';

/**
 * Resolves with the op's outcome once it no longer waits for the network, or, after `timeoutMs`, with
 * whatever it is then (still 'pending' when there is no signal). Follows the outbox live (Dexie
 * liveQuery), so an answer recorded by another tab's sync counts too.
 */
export function waitForOp(db: AppDB, opId: string, opts: { timeoutMs?: number } = {}): Promise<OpOutcome> {
  return new Promise<OpOutcome>((resolve, reject) => {
    let finished = false;
    let subscription: { unsubscribe(): void } | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (o: OpOutcome) => {
      if (finished) return;
      finished = true;
      subscription?.unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      resolve(o);
    };
    subscription = liveQuery(() => opOutcome(db, opId)).subscribe({
      next: (o) => {
        if (isSettled(o)) finish(o);
      },
      error: (e: unknown) => {
        if (finished) return;
        finished = true;
        if (timer !== undefined) clearTimeout(timer);
        reject(e);
      },
    });
    if (finished) subscription.unsubscribe();
    if (opts.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        opOutcome(db, opId).then(finish, reject);
      }, opts.timeoutMs);
    }
  });
}
