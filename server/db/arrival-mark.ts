/**
 * The database as a staff request found it on arrival, read in the statement that looks its session up
 * (services/staff/sessions.ts): its MVCC snapshot and the sync sequence's last version. A read whose
 * answer hangs on nothing else until it knows one of them (the snapshot cache, a sync feed's "anything
 * newer than my cursor?") takes them from here instead of a query of its own, so a dashboard's or a
 * desk's poll costs one statement, not two (docs/quality.md "Performance").
 *
 * Read after the request arrived, they show every write committed before it. A request's own writes
 * come after them, so only read-only requests may use them.
 */
import { sql } from 'drizzle-orm';

export interface ArrivalMark {
  /** the snapshot text snapshot-cache.ts keys its answers by */
  snapshot: string;
  /** the last version the sync sequence handed out (0 before the first) */
  lastVersion: number;
}

/**
 * `pg_current_snapshot()` with the postmaster's start time: after a point-in-time restore or a
 * failover, xids are handed out again and could reach an old snapshot text with other rows.
 */
export const SNAPSHOT_TEXT = sql<string>`pg_current_snapshot()::text || '@' || pg_postmaster_start_time()::text`;

/** The sync sequence's last value handed out, as text (a bigint). */
export const LAST_VERSION = sql<string>`(select (case when is_called then last_value else last_value - 1 end)::text from sync_version_seq)`;
