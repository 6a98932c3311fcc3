/**
 * Idempotency-Key replay (the Stripe / IETF model), used by the mutations the offline outbox replays
 * (pickup toggles, one by one or in batches, and hotel links). Keys are scoped by user: the same key
 * sent by two users is two operations, and neither ever gets the other's stored answer.
 *
 * `runIdempotent` applies a list of ops (one for a single request, up to 100 for a pickup batch) in ONE
 * transaction, each recorded under its key:
 *   1. No key: just apply.
 *   2. Lock what the ops will write, in a fixed order (`prepare`: one statement), and read the records
 *      already stored for their keys. A concurrent request with the same key and body writes the same
 *      rows, so it waits on that lock until the first one commits, and then finds its record here.
 *   3. A key already recorded (or met earlier in the same list): same request hash → the stored answer,
 *      nothing applied; another hash → 422 for that op (the key was used for a different body).
 *   4. Otherwise apply, and keep the answer. A refusal (4xx ApiError) is an answer too, so a replayed
 *      poison op gets the same refusal and never blocks the queue; the caller marks it failed. Ops whose
 *      `apply` may refuse after writing run in a savepoint (`savepoint: true`) so the refusal undoes
 *      them; one that refuses before it writes (a pickup) needs none.
 *   5. Store every new answer with its key in one INSERT … ON CONFLICT DO NOTHING, in the same
 *      transaction, so an op is recorded exactly when its effect is. A key taken meanwhile by a request
 *      that step 2 could not see (same key, another body, other rows) makes the insert skip a row: the
 *      whole transaction is rolled back and run again, and step 3 then answers from that record.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clientOperations } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '../../../shared/schemas/common';

export interface StoredAnswer<T> {
  status: number;
  body: T;
  /** true when this answer was replayed from an earlier request with the same key */
  replayed: boolean;
}

/** One op's answer: its result, or a refusal `{ error }` with its 4xx status. */
export interface OpAnswer<T> extends StoredAnswer<T | { error: string }> {
  /** the refusal as thrown by a fresh op (a single request without a key rethrows it whole) */
  refusal?: ApiError;
}

export interface IdempotentOp<I> {
  /** the Idempotency-Key (already checked with checkIdempotencyKey), or undefined */
  key: string | undefined;
  /** the request the key stands for: its hash must match on replay */
  method: string;
  path: string;
  body: unknown;
  input: I;
}

export interface OpHandlers<I, C, T> {
  /** locks the rows the ops write, in a fixed order, before any key is read; returns what apply needs */
  prepare?: (tx: Tx, inputs: I[]) => Promise<C>;
  /** applies one op; throws an ApiError (4xx) to refuse it */
  apply: (tx: Tx, input: I, prepared: C) => Promise<{ status: number; body: T }>;
  /** apply may refuse after writing: run each op in a savepoint */
  savepoint?: boolean;
}

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
    .digest('hex');

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** The Idempotency-Key header: absent or empty = none; malformed = 400. */
export function checkIdempotencyKey(key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError(400, `Idempotency-Key ${IDEMPOTENCY_KEY_MESSAGE}`);
  return key;
}

/** Thrown inside the transaction when a key was recorded by a concurrent request meanwhile (step 5). */
class KeyTakenMeanwhile extends Error {}
const ATTEMPTS = 3;

type Recorded = { hash: string; answer: StoredAnswer<unknown> };

export async function runIdempotent<I, C, T>(
  db: Db,
  userId: number | null,
  ops: IdempotentOp<I>[],
  handlers: OpHandlers<I, C, T>,
): Promise<OpAnswer<T>[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => runInTransaction(tx, userId, ops, handlers));
    } catch (e) {
      if (!(e instanceof KeyTakenMeanwhile) || attempt >= ATTEMPTS) throw e;
    }
  }
}

async function runInTransaction<I, C, T>(
  tx: Tx,
  userId: number | null,
  ops: IdempotentOp<I>[],
  { prepare, apply, savepoint }: OpHandlers<I, C, T>,
): Promise<OpAnswer<T>[]> {
  const keys = [...new Set(ops.flatMap((op) => (op.key ? [op.key] : [])))];
  // sent together: the lock first, then the read of the keys (one round trip on postgres.js)
  const [prepared, prior] = await Promise.all([
    prepare
      ? prepare(
          tx,
          ops.map((op) => op.input),
        )
      : (undefined as C),
    // a key is this user's own: another user's record under the same key is not seen
    keys.length
      ? tx
          .select()
          .from(clientOperations)
          .where(
            and(
              inArray(clientOperations.key, keys),
              userId === null ? isNull(clientOperations.userId) : eq(clientOperations.userId, userId),
            ),
          )
      : [],
  ]);
  const recorded = new Map<string, Recorded>(
    prior.map((r) => [r.key, { hash: r.requestHash, answer: { status: r.statusCode, body: r.response, replayed: true } }]),
  );
  const answers: OpAnswer<T>[] = [];
  const records: (typeof clientOperations.$inferInsert)[] = [];
  for (const op of ops) {
    const hash = op.key ? requestHash(op.method, op.path, op.body) : '';
    const earlier = op.key ? recorded.get(op.key) : undefined;
    if (earlier) {
      answers.push(
        earlier.hash === hash
          ? ({ ...earlier.answer, replayed: true } as OpAnswer<T>)
          : { status: 422, body: { error: KEY_REUSED }, replayed: false },
      );
      continue;
    }
    let answer: OpAnswer<T>;
    try {
      const applied = savepoint
        ? await tx.transaction((inner) => apply(inner as unknown as Tx, op.input, prepared))
        : await apply(tx, op.input, prepared);
      answer = { ...applied, replayed: false };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500) throw e;
      answer = { status: e.status, body: { error: e.message }, replayed: false, refusal: e };
    }
    answers.push(answer);
    if (op.key) {
      recorded.set(op.key, { hash, answer: { status: answer.status, body: answer.body, replayed: true } });
      records.push({
        key: op.key,
        userId,
        method: op.method,
        path: op.path,
        requestHash: hash,
        statusCode: answer.status,
        response: answer.body as object,
      });
    }
  }
  if (records.length) {
    const inserted = await tx.insert(clientOperations).values(records).onConflictDoNothing().returning({ key: clientOperations.key });
    if (inserted.length < records.length) throw new KeyTakenMeanwhile();
  }
  return answers;
}

/**
 * One request's answer, as a route sends it: a refusal is thrown for app.onError (the fresh one as it was
 * thrown when the request had no key to record it under), anything else returned.
 */
export function singleAnswer<T>(answer: OpAnswer<T>, key: string | undefined): StoredAnswer<T> {
  if (answer.status >= 400) {
    if (!key && answer.refusal) throw answer.refusal;
    const stored = answer.body as { error?: string } | null;
    throw new ApiError(answer.status as 400, stored?.error ?? 'Request refused');
  }
  return answer as StoredAnswer<T>;
}

/** One mutation under the request's Idempotency-Key header (hotel links); `apply` may refuse after writing. */
export async function withIdempotency<T>(
  db: Db,
  header: string | undefined,
  scope: { userId: number | null; method: string; path: string; body: unknown },
  apply: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<StoredAnswer<T>> {
  const key = checkIdempotencyKey(header);
  const op = { key, method: scope.method, path: scope.path, body: scope.body, input: null };
  const [answer] = await runIdempotent(db, scope.userId, [op], { apply: (tx) => apply(tx), savepoint: true });
  return singleAnswer(answer, key);
}
