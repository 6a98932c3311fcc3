/**
 * Idempotency-Key replay (the Stripe / IETF model), used by the mutations the offline outbox replays
 * (pickup toggles and check-ins, one by one or in batches, and hotel links); a single toggle or tap takes
 * the path without a transaction at the end of this file. Keys are scoped by user: the same key
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
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
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

/** The answer to a key already recorded: the stored one for the same request, 422 for another. */
function replayed<T>(earlier: Recorded, hash: string): OpAnswer<T> {
  return earlier.hash === hash
    ? ({ ...earlier.answer, replayed: true } as OpAnswer<T>)
    : { status: 422, body: { error: KEY_REUSED }, replayed: false };
}

/** A thrown 4xx ApiError as the op's answer (a refusal is an answer too, step 4); anything else is rethrown. */
function asRefusal<T>(e: unknown): OpAnswer<T> {
  if (!(e instanceof ApiError) || e.status >= 500) throw e;
  return { status: e.status, body: { error: e.message }, replayed: false, refusal: e };
}

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
      answers.push(replayed<T>(earlier, hash));
      continue;
    }
    let answer: OpAnswer<T>;
    try {
      const applied = savepoint
        ? await tx.transaction((inner) => apply(inner as unknown as Tx, op.input, prepared))
        : await apply(tx, op.input, prepared);
      answer = { ...applied, replayed: false };
    } catch (e) {
      answer = asRefusal<T>(e);
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

/**
 * One mutation under the request's Idempotency-Key header (a payment, a hotel link). `prepare` locks the
 * rows it will write, sent with the read of the key's record (steps 1–2); it must not refuse, `apply`
 * does. By default `apply` runs in a savepoint, as one that may refuse after writing needs (step 4);
 * `savepoint: false` for one that refuses only before it writes (a hotel link), which saves the
 * savepoint's two statements. `apply` also gets the checked key (a payment keeps it: payments.ts).
 */
export async function withIdempotency<T, C>(
  db: Db,
  header: string | undefined,
  scope: { userId: number | null; method: string; path: string; body: unknown },
  apply: (tx: Tx, prepared: C, key: string | undefined) => Promise<{ status: number; body: T }>,
  { prepare, savepoint = true }: { prepare?: (tx: Tx) => Promise<C>; savepoint?: boolean } = {},
): Promise<StoredAnswer<T>> {
  const key = checkIdempotencyKey(header);
  const op = { key, method: scope.method, path: scope.path, body: scope.body, input: null };
  const [answer] = await runIdempotent(db, scope.userId, [op], {
    prepare,
    apply: (tx, _input, prepared: C) => apply(tx, prepared, key),
    savepoint,
  });
  return singleAnswer(answer, key);
}

/**
 * The answer already recorded under the request's Idempotency-Key, as withIdempotency would replay it;
 * undefined without a key or a record. For a route that must check something single use (a bot
 * challenge's token) only on a request's first delivery: a retry after a lost answer sends it again.
 */
export async function answerOnRecord<T>(
  db: Db,
  header: string | undefined,
  scope: { userId: number; method: string; path: string; body: unknown },
): Promise<StoredAnswer<T> | undefined> {
  const key = checkIdempotencyKey(header);
  const prior = await priorAnswer<T>(db, { key, ...scope });
  return prior && singleAnswer(prior, key);
}

// ---- one op without a transaction ------------------------------------------------------------------
//
// The hottest single writes (a greeter's pickup toggle, a desk's check-in tap) skip the transaction
// above: they read the rows they decide on and the key's record together, decide, and then write the
// rows, their audit and the key's record in ONE statement that applies only if the rows are still as
// read and the key is still free. Either guard failing writes nothing, and the caller reads again (the key, if it was taken
// meanwhile, then answers from its record). The guarantees are those of the steps above: an op's effect
// and its record are written together or not at all, and a key answers one request only.

/** One request under its Idempotency-Key, by a signed-in user. */
export interface KeyedRequest {
  key: string | undefined;
  userId: number;
  method: string;
  path: string;
  body: unknown;
}

const recordByKey = preparedPer((db) =>
  db
    .select({ hash: clientOperations.requestHash, status: clientOperations.statusCode, response: clientOperations.response })
    .from(clientOperations)
    .where(and(eq(clientOperations.key, sql.placeholder('key')), eq(clientOperations.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('client_operation_by_key'),
);

/** The answer already recorded under the request's key (replayed, or 422 for another request); undefined when none. */
async function priorAnswer<T>(db: Db, r: KeyedRequest): Promise<OpAnswer<T> | undefined> {
  if (!r.key) return undefined;
  const [row] = await recordByKey(db).execute({ key: r.key, userId: r.userId });
  if (!row) return undefined;
  return replayed<T>(
    { hash: row.hash, answer: { status: row.status, body: row.response, replayed: true } },
    requestHash(r.method, r.path, r.body),
  );
}

/**
 * Records an answer that wrote nothing else (a refusal, a stale or duplicate tap) under the request's
 * key; false when the key was recorded meanwhile (read it again). No key: nothing to record.
 */
async function recordAnswer(db: Db, r: KeyedRequest, answer: OpAnswer<unknown>): Promise<boolean> {
  if (!r.key) return true;
  const inserted = await db
    .insert(clientOperations)
    .values({
      key: r.key,
      userId: r.userId,
      method: r.method,
      path: r.path,
      requestHash: requestHash(r.method, r.path, r.body),
      statusCode: answer.status,
      response: answer.body as object,
    })
    .onConflictDoNothing()
    .returning({ key: clientOperations.key });
  return inserted.length === 1;
}

/**
 * The key's record as one INSERT … SELECT … FROM `source` (a CTE of the same statement that returns one
 * row when the op applied, none when it did not), answering `status` with `response`. No key: a no-op.
 */
export function recordFrom(source: string, r: KeyedRequest, status: number, response: SQL): SQL {
  if (!r.key) return sql`select 1`;
  return sql`insert into ${clientOperations} (key, user_id, method, path, request_hash, status_code, response)
    select ${r.key}, ${r.userId}, ${r.method}, ${r.path}, ${requestHash(r.method, r.path, r.body)}, ${status}, ${response}
    from ${sql.raw(source)}`;
}

/** One round's decision (runOptimistic): the answer, and the statement that makes it true when it writes. */
export interface OptimisticDecision<T> {
  body: T;
  /**
   * makes the change and records the key (recordFrom) in one statement, guarded by what was read;
   * resolves to the answer, or null when a guard failed or the key was taken meanwhile (nothing written)
   */
  write?: () => Promise<T | null>;
}

/** Rounds of runOptimistic before it takes the locking transaction. */
const OPTIMISTIC_ROUNDS = 4;

/**
 * One op without a transaction (the scheme above). Each round `read(round)` reads the op's rows (sent
 * with the read of the key's record) and resolves to its decision, which throws a 4xx ApiError to refuse.
 * A key already recorded answers from its record; a refusal, or a decision that writes nothing, records
 * only its answer; otherwise its one statement writes. A round whose guard failed goes again; after
 * a few rounds (rows changed by many at once) `locking` runs the op in the transaction of runIdempotent.
 */
export async function runOptimistic<T>(
  db: Db,
  r: KeyedRequest,
  read: (round: number) => Promise<() => OptimisticDecision<T>>,
  locking: () => Promise<OpAnswer<T>>,
): Promise<OpAnswer<T>> {
  for (let round = 0; round < OPTIMISTIC_ROUNDS; round++) {
    const [decide, prior] = await Promise.all([read(round), priorAnswer<T>(db, r)]);
    if (prior) return prior;
    let decided: OptimisticDecision<T>;
    try {
      decided = decide();
    } catch (e) {
      const refusal = asRefusal<T>(e);
      if (await recordAnswer(db, r, refusal)) return refusal;
      continue;
    }
    if (!decided.write) {
      const settled: OpAnswer<T> = { status: 200, body: decided.body, replayed: false };
      if (await recordAnswer(db, r, settled)) return settled;
      continue;
    }
    const written = await decided.write();
    if (written !== null) return { status: 200, body: written, replayed: false };
  }
  return locking();
}

/** The rows of a statement that records a key (recordFrom); none when the key was recorded meanwhile. */
export async function rowsUnlessKeyTaken<R>(statement: () => Promise<unknown>): Promise<R[]> {
  try {
    return rowsOf<R>(await statement());
  } catch (e) {
    if (isKeyTaken(e)) return [];
    throw e;
  }
}

/** A unique violation of the key's record (drizzle wraps the driver's error in `cause`). */
function isKeyTaken(e: unknown): boolean {
  for (
    let err = e as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    err;
    err = err.cause as typeof err
  ) {
    if (err.code === '23505' && (err.constraint ?? err.constraint_name) === 'client_operations_user_key_unique') return true;
  }
  return false;
}
