/**
 * Idempotency-Key replay (DESIGN.md API conventions; the Stripe / IETF model), used by the mutations the
 * offline outbox replays (pickup toggles, hotel links).
 *
 * The algorithm, all inside one transaction:
 *   1. No key: just apply.
 *   2. Insert the key's row first (ON CONFLICT DO NOTHING). A concurrent request with the same key
 *      waits here on the row lock until the first one commits.
 *   3. If the row already existed: same request hash → return the stored answer without applying again;
 *      another hash → 422 (the key was reused for a different body).
 *   4. Otherwise apply, then store the answer in the same row, in the same transaction, so an op is
 *      recorded exactly when its effect is. A refusal (4xx ApiError) is stored too, so a replayed poison
 *      op gets the same answer and never blocks the queue; the caller marks it failed.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { clientOperations } from '../db/schema';
import { ApiError, unprocessable } from '../lib/errors';

export interface StoredAnswer<T> {
  status: number;
  body: T;
  /** true when this answer was replayed from an earlier request with the same key */
  replayed: boolean;
}

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256').update(`${method} ${path} ${JSON.stringify(body ?? null)}`).digest('hex');

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export async function withIdempotency<T>(
  db: Db,
  key: string | undefined,
  scope: { userId: number | null; method: string; path: string; body: unknown },
  apply: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<StoredAnswer<T>> {
  if (!key) return db.transaction(async (tx) => ({ ...(await apply(tx)), replayed: false }));
  if (!KEY_PATTERN.test(key)) throw new ApiError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  const hash = requestHash(scope.method, scope.path, scope.body);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(clientOperations)
      .values({ key, userId: scope.userId, method: scope.method, path: scope.path, requestHash: hash, statusCode: 0 })
      .onConflictDoNothing()
      .returning({ key: clientOperations.key });
    if (inserted.length === 0) {
      const [prior] = await tx.select().from(clientOperations).where(eq(clientOperations.key, key)).limit(1);
      if (prior.requestHash !== hash) throw unprocessable('This Idempotency-Key was already used for a different request');
      if (prior.statusCode >= 400) {
        const stored = prior.response as { error?: string } | null;
        throw new ApiError(prior.statusCode as 400, stored?.error ?? 'Request refused');
      }
      return { status: prior.statusCode, body: prior.response as T, replayed: true };
    }
    let answer: { status: number; body: T };
    try {
      answer = await tx.transaction((inner) => apply(inner as unknown as Tx));
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) {
        await tx
          .update(clientOperations)
          .set({ statusCode: e.status, response: { error: e.message } })
          .where(eq(clientOperations.key, key));
        // commit the record of the refusal, then answer with it
        return { status: e.status, body: { error: e.message } as T, replayed: false };
      }
      throw e;
    }
    await tx
      .update(clientOperations)
      .set({ statusCode: answer.status, response: answer.body as object })
      .where(eq(clientOperations.key, key));
    return { ...answer, replayed: false };
  });
}
