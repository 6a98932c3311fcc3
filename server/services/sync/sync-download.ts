/**
 * The server side of the offline download (docs/architecture.md#offline-layer): a device asks for
 * what changed since a cursor the server gave it, never by its own clock.
 *
 * Every synced row carries `version` from one sequence (sync_version_seq), set on insert and bumped by
 * every update. The cursor is a value of that sequence. The algorithm:
 *   1. Settle: read the sequence's last value L, then wait (briefly) for the transactions that had taken
 *      a version and were in flight at that moment to finish. A transaction can hold a version ≤ L and
 *      commit after a later one; without this wait a download could see L and skip the earlier one
 *      forever. After the wait, every row with a version ≤ L is committed and visible.
 *   2. Read the rows whose version lies in (since, L], oldest first, at most `limit` (+1 to know whether
 *      more are waiting). An arrival row's version is the highest of its flight, registration,
 *      attendees and flights (arrivals.ts registrationSyncVersions), so any change to what the row
 *      shows sends it again.
 *   3. Rows still on the list are sent whole; rows that left it (flight removed, registration cancelled,
 *      booking matched or deleted…) are sent as `removed` ids. The first download (since = 0) skips
 *      removals: the device has nothing to remove.
 *   4. The cursor is the version of the last row sent when more are waiting (a page never splits rows
 *      of one version, so resuming from it loses nothing), else L.
 */
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { LAST_VERSION, type ArrivalMark } from '../../db/arrival-mark';
import type { DbOrTx } from '../../db/client';
import { arrayText, rowsOf } from '../../db/rows';
import { flights, hotelAssignments, registrations } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { arrivalsByIds, isListedArrival, registrationSyncVersions } from '../flights/arrivals';
import { serializeAssignment } from '../hotel/hotel-assignments';
import type { ArrivalsSyncPage, HotelSyncPage } from '../../../shared/schemas/sync';

/** How long a download waits for in-flight writers before answering without moving the cursor. */
export const SETTLE_TIMEOUT_MS = 3000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The transactions that may hold a version: those holding the lock `nextval` takes on the sequence
 * (RowExclusiveLock, kept to the end of the transaction), by their virtual transaction id; not a reader's
 * lock (every staff request's session lookup reads the sequence: server/db/arrival-mark.ts). Not by transaction id: `nextval` does
 * not always assign one, and the UPDATE that stores a version gets it only after taking the version. Not
 * every transaction of the cluster either: a long transaction in another database, or one that never
 * takes a version, must not hold downloads back.
 */
const SEQUENCE_LOCKS = sql`pg_locks where locktype = 'relation' and relation = 'sync_version_seq'::regclass and mode = 'RowExclusiveLock' and granted`;

/**
 * Step 1: the highest version that is safe to hand out as a cursor, or null when writers did not settle.
 * `upToDate` is true when nothing was versioned after `since` (a device polling with its cursor while
 * nobody wrote): the feed has nothing to send, and no writer in flight can change that, since any
 * version it holds is ≤ last ≤ since. The poll of every idle device then costs this one query, or
 * none when the request's session lookup read `last` (`known`: server/db/arrival-mark.ts).
 */
export async function settledVersion(
  db: DbOrTx,
  since: number,
  known?: ArrivalMark | null,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<{ last: number; settled: boolean; upToDate: boolean }> {
  const last = known?.lastVersion ?? Number(rowsOf<{ v: string }>(await db.execute(sql`select ${LAST_VERSION} as v`))[0].v);
  if (last <= since) return { last, settled: true, upToDate: true };
  // writers running now; any of them may hold a version ≤ last (it took it before we read last)
  const inFlight = rowsOf<{ x: string }>(
    await db.execute(sql`select virtualtransaction as x from ${SEQUENCE_LOCKS} and pid <> pg_backend_pid()`),
  ).map((r) => r.x);
  if (inFlight.length === 0) return { last, settled: true, upToDate: false };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*)::int as n from ${SEQUENCE_LOCKS} and virtualtransaction = any(${arrayText(inFlight)}::text[])`),
    );
    if (Number(row.n) === 0) return { last, settled: true, upToDate: false };
    if (Date.now() > deadline) return { last, settled: false, upToDate: false };
    await sleep(15);
  }
}

/** The rest of a page that has nothing to send: the device's cursor stays. */
export const nothingNew = (since: number) => ({ cursor: since, hasMore: false, serverTime: new Date().toISOString() });

/** Step 2 and 4 for any stream: a page that never splits rows sharing one version. */
async function pageByVersion<T extends { v: number }>(
  fetch: (limit: number) => Promise<T[]>,
  fetchVersion: (v: number) => Promise<T[]>,
  limit: number,
): Promise<{ rows: T[]; hasMore: boolean }> {
  const rows = await fetch(limit + 1);
  if (rows.length <= limit) return { rows, hasMore: false };
  let page = rows.slice(0, limit);
  const lastV = page[page.length - 1].v;
  if (rows[limit].v === lastV) {
    page = page.filter((r) => r.v !== lastV);
    // one version shared by more rows than a page holds: send that whole group
    if (page.length === 0) page = await fetchVersion(lastV);
  }
  return { rows: page, hasMore: true };
}

export interface DownloadOptions {
  since: number;
  limit: number;
  log?: Logger;
  /** the database as the request found it (server/db/arrival-mark.ts), when its session lookup read it */
  mark?: ArrivalMark | null;
}

/** GET /api/sync/arrivals: arrivals (whole flight window) changed since the cursor, with removals. */
export async function arrivalsSince(db: DbOrTx, opts: DownloadOptions): Promise<ArrivalsSyncPage> {
  const { last, settled, upToDate } = await settledVersion(db, opts.since, opts.mark);
  if (upToDate) return { arrivals: [], removed: [], ...nothingNew(opts.since) };
  // the stream: one entry per flight, at its registration's sync version (arrivals.ts)
  const stream = async (extra: SQL, limit?: number) =>
    rowsOf<{ id: number; v: string; listed: boolean }>(
      await db.execute(sql`
        with rv as (${registrationSyncVersions})
        select ${flights.id} as id, rv.v::text as v, ${isListedArrival} as listed
        from ${flights}
        join ${registrations} on ${registrations.id} = ${flights.registrationId}
        join rv on rv.id = ${registrations.id}
        where rv.v > ${opts.since} and rv.v <= ${last} ${opts.since === 0 ? sql`and ${isListedArrival}` : sql``} ${extra}
        order by rv.v, ${flights.id}
        ${limit ? sql`limit ${limit}` : sql``}`),
    ).map((r) => ({ id: Number(r.id), v: Number(r.v), listed: r.listed }));
  const { rows, hasMore } = await pageByVersion(
    (n) => stream(sql``, n),
    (ver) => stream(sql`and rv.v = ${ver}`),
    opts.limit,
  );
  if (!settled) opts.log?.warn({ since: opts.since }, 'sync download: writers did not settle; cursor kept');
  return {
    arrivals: await arrivalsByIds(
      db,
      rows.filter((r) => r.listed).map((r) => r.id),
    ),
    removed: rows.filter((r) => !r.listed).map((r) => r.id),
    cursor: !settled ? opts.since : hasMore ? rows[rows.length - 1].v : Math.max(last, opts.since),
    hasMore: settled && hasMore,
    serverTime: new Date().toISOString(),
  };
}

/** GET /api/sync/hotel: unmatched bookings changed since the cursor; matched or deleted ones as removed. */
export async function hotelSince(db: DbOrTx, opts: DownloadOptions): Promise<HotelSyncPage> {
  const { last, settled, upToDate } = await settledVersion(db, opts.since, opts.mark);
  if (upToDate) return { assignments: [], removed: [], ...nothingNew(opts.since) };
  const unmatched = sql<boolean>`(${hotelAssignments.registrationId} is null and ${hotelAssignments.deletedAt} is null)`;
  const base = (extra: SQL | undefined) =>
    db
      .select({ a: hotelAssignments, unmatched })
      .from(hotelAssignments)
      .where(
        and(gt(hotelAssignments.version, opts.since), lte(hotelAssignments.version, last), opts.since === 0 ? unmatched : undefined, extra),
      )
      .orderBy(asc(hotelAssignments.version), asc(hotelAssignments.id));
  const { rows, hasMore } = await pageByVersion(
    async (n) => (await base(undefined).limit(n)).map((r) => ({ ...r, v: r.a.version })),
    async (ver) => (await base(eq(hotelAssignments.version, ver))).map((r) => ({ ...r, v: r.a.version })),
    opts.limit,
  );
  if (!settled) opts.log?.warn({ since: opts.since }, 'sync download: writers did not settle; cursor kept');
  return {
    assignments: rows.filter((r) => r.unmatched).map((r) => serializeAssignment(r.a)),
    removed: rows.filter((r) => !r.unmatched).map((r) => r.a.id),
    cursor: !settled ? opts.since : hasMore ? rows[rows.length - 1].v : Math.max(last, opts.since),
    hasMore: settled && hasMore,
    serverTime: new Date().toISOString(),
  };
}
