/**
 * Fixed-window counters kept in the database (so several instances share them). `hit` counts one
 * attempt and says whether it is still within `limit` for the window.
 *
 * Guarding an expensive check (a password, a code) means counting the attempt atomically BEFORE the
 * check and giving it back (`refund`) when it succeeds: a counter read first and written after the
 * check lets a burst of simultaneous attempts all pass the read (150 wrong passwords got 148 answers).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { rowsOf } from '../../db/rows';

export interface RateResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hit(db: DbOrTx, key: string, limit: number, windowMs: number, now = new Date()): Promise<RateResult> {
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const nowIso = now.toISOString();
  const rows = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${nowIso}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${cutoff} then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count, window_start`);
  const { count, window_start } = rowsOf<{ count: number; window_start: string | Date }>(rows)[0];
  const start = new Date(window_start).getTime();
  return {
    allowed: Number(count) <= limit,
    count: Number(count),
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)),
  };
}

/** Gives back one counted attempt (a success that should not count as a failure). */
export async function refund(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts one attempt and throws 429 with Retry-After when over the limit. */
export async function enforce(db: DbOrTx, key: string, limit: number, windowMs: number, message?: string) {
  const r = await hit(db, key, limit, windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds, message);
}
