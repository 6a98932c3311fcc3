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
import { noteOverride } from './op-outcome';
import { cacheTables } from './local-data';
import { formatFlightWhen } from '../../shared/flight-format';
import { overriddenPickupText } from './sync-text';
import { airlineKey, flightKey } from '../../shared/airlines';

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

/** The copy a page is downloaded into: whose it is (owner.ts) and the feed's cursor its request was made from. */
export interface CopyPosition {
  owner: string;
  cursor: string;
}

export async function copyPosition(db: AppDB, feed: Feed): Promise<CopyPosition> {
  const owner = await db.getMeta('owner');
  return { owner: owner ? `${owner.userId}:${owner.role}` : '', cursor: await feedCursor(db, feed) };
}

/** The copy changed while a page was on its way: it is not written (the next cycle asks again). */
export class CopyChanged extends Error {}

/**
 * Writes a downloaded page only into the copy its request was made from, in one transaction with the
 * check. Meanwhile another user may have signed in on this device or the user's role changed (owner.ts
 * clears the copy; it waits for the sync lock only so long), or another tab moved the cursor on: the old
 * page would land in the wrong copy, or mark a partial copy complete. Nor is a page written after sign-out
 * cleared the device (another tab's cycle still running): its names would stay on a signed-out device.
 */
export async function writeIntoCopy<T>(db: AppDB, feed: Feed, from: CopyPosition, write: () => Promise<T>): Promise<T> {
  return db.transaction('rw', [...cacheTables(db), db.outbox, db.receipts, db.meta], async () => {
    const now = await copyPosition(db, feed);
    if (now.owner !== from.owner || now.cursor !== from.cursor) throw new CopyChanged(`The saved ${feed} changed during the download`);
    if (await db.getMeta('signedOut')) throw new CopyChanged('Signed out on this device');
    return write();
  });
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
  const downloaded = { ...pickupOf(row), version: row.version, device: row.pickup_device, tap_at: row.pickup_tap_at ?? null };
  const server = newerServerState(downloaded, existing?.server);
  const shown = tapPending && existing ? pickupOf(existing) : pickupOf(server);
  return { ...row, ...shown, sortKey: arrivalSortKey(row), server };
}

const whenOf = (a: Pick<FlightArrival, 'flightDate' | 'flightTime'>) => formatFlightWhen(a.flightDate, a.flightTime);

/**
 * What a greeter is told when a family changes its flight on the board they hold (shown in the sync
 * panel until read): a party that moved or left the board would otherwise just move or vanish.
 * Rows this device never had (a first download) say nothing.
 */
function flightChanges(page: ArrivalsPage, existing: (CachedArrival | undefined)[], gone: (CachedArrival | undefined)[]) {
  const notices: { key: string; text: string }[] = [];
  page.arrivals.forEach((row, i) => {
    const was = existing[i];
    if (!was) return;
    // another plane (a new number or airline; the same one written another way is not), or another time
    const plane = flightKey(was) === flightKey(row);
    if (plane && was.flightDate === row.flightDate && was.flightTime === row.flightTime) return;
    // another airline is named with its flight (the airline says the terminal)
    const other = airlineKey(was.airline) !== airlineKey(row.airline);
    const named = (a: CachedArrival | FlightArrival) => (other ? `${a.airline} ${a.flightNumber}` : a.flightNumber);
    notices.push({
      key: `flight:${row.id}:${row.version}`,
      text: `${row.primaryContactName}'s ${named(row)} now lands ${whenOf(row)} (was ${plane ? '' : `${named(was)}, `}${whenOf(was)})`,
    });
  });
  for (const was of gone) {
    if (!was) continue;
    notices.push({
      key: `flight:${was.id}:removed`,
      text: `${was.primaryContactName}'s ${was.flightNumber} (${whenOf(was)}) is no longer on the board: the family removed it, or no longer needs transportation`,
    });
  }
  return notices;
}

/**
 * This device's taps that a later tap on another device reversed after they were recorded (two greeters
 * at one family): the card just changes, so the greeter who met the family is told, as when their own
 * tap arrives too late. Only a state this device made, not one another device made since.
 */
function overriddenTaps(
  rows: CachedArrival[],
  existing: (CachedArrival | undefined)[],
  pending: Set<number>,
  deviceId: string | undefined,
) {
  const notices: { key: string; text: string }[] = [];
  if (!deviceId) return notices;
  rows.forEach((row, i) => {
    const was = existing[i]?.server;
    const now = row.server;
    if (!was || pending.has(row.id) || was.device !== deviceId || now.device === deviceId) return;
    if (now.version <= was.version || now.picked_up === was.picked_up) return;
    notices.push({
      key: `pickup:${row.id}:${now.version}`,
      text: overriddenPickupText({
        tappedAt: was.tap_at ?? null,
        pickedUp: was.picked_up,
        name: row.primaryContactName,
        nowPickedUp: now.picked_up,
        by: row.pickup_changed_by,
        at: now.tap_at,
      }),
    });
  });
  return notices;
}

export async function applyArrivalsPage(db: AppDB, page: ArrivalsPage): Promise<void> {
  await db.transaction('rw', [db.arrivals, db.outbox, db.meta], async () => {
    const pending = await flightsWithPendingTaps(db);
    const existing = await db.arrivals.bulkGet(page.arrivals.map((a) => a.id));
    const gone = page.removed.length ? await db.arrivals.bulkGet(page.removed) : [];
    const rows = page.arrivals.map((row, i) => mergeArrival(row, existing[i], pending.has(row.id)));
    await db.arrivals.bulkPut(rows);
    if (page.removed.length) await db.arrivals.bulkDelete(page.removed);
    for (const n of flightChanges(page, existing, gone)) await noteOverride(db, n.key, n.text, 'flight');
    for (const n of overriddenTaps(rows, existing, pending, await db.getMeta('deviceId'))) await noteOverride(db, n.key, n.text);
    await saveCursor(db, 'arrivals', page);
  });
}
