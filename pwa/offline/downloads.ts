/**
 * Writing downloaded pages into the cache (pwa/offline/db.ts). Each page lands in ONE transaction with
 * its cursor, so an interrupted first download resumes after the last page that was saved, and a tap
 * made while a page is being written is never lost in between.
 *
 * The rule that keeps local taps on screen: a download never overwrites what a pending outbox op shows.
 *   - arrivals: with a pending pickup op for the flight, the row is refreshed but its shown pickup fields
 *     stay the local tap's; the server's state goes to `server` (the newer version wins there).
 *   - the admins' feeds (bookings, registrations): admin-downloads.ts, loaded only when an admin syncs.
 */
import type { AppDB } from './db';
import { feedsForRole, type LiveFeed } from '../../shared/live';
import { arrivalSortKey } from './db';
import type { ArrivalsPage, CachedArrival, FlightArrival, ServerPickup } from './types';
import { hadCopy, rememberCopy } from './copy-marker';

export type Feed = LiveFeed;

/** The feeds a role downloads (shared/live.ts: the same rule as the live stream's). */
export const feedsFor = feedsForRole;

const cursorKey = (feed: Feed) => `cursor:${feed}` as const;
const completeKey = (feed: Feed) => `complete:${feed}` as const;

/** The saved cursor of a feed ('' before the first page). */
export async function feedCursor(db: AppDB, feed: Feed): Promise<string> {
  return (await db.getMeta(cursorKey(feed))) ?? '';
}

/** Saves a page's cursor (and "first download finished" after the last page); inside the page's transaction. */
export async function saveCursor(db: AppDB, feed: Feed, page: { cursor: string | number; hasMore: boolean }) {
  await db.setMeta(cursorKey(feed), String(page.cursor));
  if (!page.hasMore) {
    await db.setMeta(completeKey(feed), true);
    // once per copy, not on every poll that finds the feed up to date
    if (!hadCopy(feed)) rememberCopy(feed);
  }
}

/** Flight ids with a pickup op still waiting to be acknowledged. */
export async function flightsWithPendingTaps(db: AppDB): Promise<Set<number>> {
  const ops = await db.outbox.where('state').equals('pending').toArray();
  return new Set(ops.flatMap((op) => (op.kind === 'pickup' ? [op.payload.flightId] : [])));
}

const pickupOf = (r: { picked_up: boolean; picked_up_at: string | null; picked_up_by: string | null }) => ({
  picked_up: r.picked_up,
  picked_up_at: r.picked_up_at,
  picked_up_by: r.picked_up_by,
});

/** The newer of two server states by sync version (one sequence orders every write on the server). */
export const newerServerState = (a: ServerPickup, b: ServerPickup | undefined): ServerPickup => (b && b.version > a.version ? b : a);

/** The cached form of a downloaded arrival, given what is cached now and whether a tap is pending. */
export function mergeArrival(row: FlightArrival, existing: CachedArrival | undefined, tapPending: boolean): CachedArrival {
  const server = newerServerState({ ...pickupOf(row), version: row.version }, existing?.server);
  const shown = tapPending && existing ? pickupOf(existing) : pickupOf(server);
  return { ...row, ...shown, sortKey: arrivalSortKey(row), server };
}

export async function applyArrivalsPage(db: AppDB, page: ArrivalsPage): Promise<void> {
  await db.transaction('rw', [db.arrivals, db.outbox, db.meta], async () => {
    const pending = await flightsWithPendingTaps(db);
    const existing = await db.arrivals.bulkGet(page.arrivals.map((a) => a.id));
    await db.arrivals.bulkPut(page.arrivals.map((row, i) => mergeArrival(row, existing[i], pending.has(row.id))));
    if (page.removed.length) await db.arrivals.bulkDelete(page.removed);
    await saveCursor(db, 'arrivals', page);
  });
}
