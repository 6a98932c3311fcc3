/**
 * Whose data this is (pwa/offline/owner.ts): the cache and the outbox belong to the user who filled them.
 * A different user signing in never sees the previous user's cached data; unsent changes are kept and
 * still reach the server, under the name of who made them.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { listOps, queueHotelLink, queuePickup } from '../../pwa/offline/outbox';
import { claimDevice, handoverNotice, readOwned } from '../../pwa/offline/owner';
import { queryArrivals, queryUnmatched } from '../../pwa/offline/queries';
import { refuseOp } from '../../pwa/offline/settle';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import type { AppDB } from '../../pwa/offline/db';
import {
  arrivalRow,
  bookingRow,
  fakeServer,
  freshDb,
  pickupAnswer,
  registrationRow,
  seedArrivals,
  seedBookings,
  seedRegistrations,
} from './fixtures';

const ANA = { id: 7, name: 'Ana Lima', role: 'greeter' as const };
const BO = { id: 8, name: 'Bo Greer', role: 'greeter' as const };
const ADA = { id: 9, name: 'Ada Admin', role: 'admin' as const };
const DESK = { id: 10, name: 'Dee Desk', role: 'checkin' as const };

/** An admin's full copy: arrivals, registrations, bookings (with candidates), cursors, sync time, clock. */
async function seedFullCopy(db: AppDB) {
  const reg = registrationRow({ id: 5, primary_first_name: 'Anh', primary_last_name: 'Nguyen' });
  await seedRegistrations(db, [reg]);
  await seedArrivals(db, [arrivalRow({ id: 1, registrationId: 5 }), arrivalRow({ id: 2 })]);
  await seedBookings(db, [bookingRow({ id: 9, guest_name: 'Anh Nguyen' }), bookingRow({ id: 10, guest_name: 'Anh Nguyen' })]);
  await db.candidates.put({ assignmentId: 9, matches: [], updatedAt: new Date().toISOString() });
  await db.setMeta('lastSyncedAt', '2025-11-27T20:00:00.000Z');
  await db.setMeta('clockOffset', { offsetMs: 1234, rttMs: 40, measuredAt: new Date().toISOString() });
  return reg;
}

async function cacheCounts(db: AppDB) {
  return {
    arrivals: await db.arrivals.count(),
    registrations: await db.registrations.count(),
    bookings: await db.hotelAssignments.count(),
    candidates: await db.candidates.count(),
  };
}

describe('claiming the device at sign-in', () => {
  it('a first user on an empty device becomes its owner, and the device gets its id', async () => {
    const db = freshDb();
    expect(await claimDevice(db, ANA, () => Date.parse('2025-11-27T08:00:00Z'))).toEqual({ kind: 'adopted' });
    expect(await db.getMeta('owner')).toEqual({ userId: 7, name: 'Ana Lima', role: 'greeter', since: '2025-11-27T08:00:00.000Z' });
    expect(await db.getMeta('deviceId')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the same user signing in again keeps everything: copy, cursors, and unsent changes', async () => {
    const db = freshDb();
    await claimDevice(db, ADA);
    await seedFullCopy(db);
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Ada Admin', madeBy: { userId: 9, name: 'Ada Admin' } });

    expect(await claimDevice(db, ADA)).toEqual({ kind: 'kept' });
    expect(await cacheCounts(db)).toEqual({ arrivals: 2, registrations: 1, bookings: 2, candidates: 1 });
    expect((await listOps(db)).map((o) => o.opId)).toEqual([op.opId]);
    expect(await db.getMeta('cursor:arrivals')).toBe('100');
    expect(await db.getMeta('complete:hotel')).toBe(true);
    expect((await queryArrivals(db)).find((a) => a.id === 1)).toMatchObject({ picked_up: true, pendingSync: true });
    expect(await handoverNotice(db)).toBeNull();
  });

  it('a different user with nothing unsent finds the previous copy gone (device id and clock offset stay)', async () => {
    const db = freshDb();
    await claimDevice(db, ADA);
    await seedFullCopy(db);
    const deviceId = await db.getMeta('deviceId');
    const clock = await db.getMeta('clockOffset');

    expect(await claimDevice(db, BO)).toEqual({ kind: 'cleared', keptOps: 0, previous: { userId: 9, name: 'Ada Admin' } });
    expect(await cacheCounts(db)).toEqual({ arrivals: 0, registrations: 0, bookings: 0, candidates: 0 });
    for (const key of [
      'cursor:arrivals',
      'cursor:hotel',
      'cursor:registrations',
      'complete:arrivals',
      'complete:hotel',
      'complete:registrations',
      'lastSyncedAt',
    ] as const) {
      expect(await db.getMeta(key)).toBeUndefined();
    }
    expect(await db.getMeta('deviceId')).toBe(deviceId);
    expect(await db.getMeta('clockOffset')).toEqual(clock);
    expect((await db.getMeta('owner'))?.userId).toBe(8);
    expect(await listOps(db)).toEqual([]);
    expect(await handoverNotice(db)).toBeNull();
  });

  it("a different user keeps the previous user's unsent changes (not their copy), and the panel says whose they are", async () => {
    const db = freshDb();
    await claimDevice(db, ADA);
    const reg = await seedFullCopy(db);
    const madeBy = { userId: 9, name: 'Ada Admin' };
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Ada Admin', madeBy });
    const link = await queueHotelLink(db, { assignmentId: 9, registration: reg, madeBy });
    await refuseOp(db, link, 'conflict', 'This hotel booking is already linked to another registration');

    expect(await claimDevice(db, BO)).toMatchObject({ kind: 'cleared', keptOps: 2 });
    expect(await cacheCounts(db)).toEqual({ arrivals: 0, registrations: 0, bookings: 0, candidates: 0 });
    expect((await listOps(db)).map((o) => [o.opId, o.state, o.madeBy])).toEqual([
      [tap.opId, 'pending', madeBy],
      [link.opId, 'conflict', madeBy],
    ]);
    // the link is a conflict (it waits for Resolve, not for an administrator): nothing is held
    expect(await handoverNotice(db)).toEqual({ count: 2, names: ['Ada Admin'], held: 0, heldFor: [] });
    // a tap by the new user is theirs, not a handover
    await seedArrivals(db, [arrivalRow({ id: 3 })]);
    await queuePickup(db, { flightId: 3, pickedUp: true, actorName: 'Bo Greer', madeBy: { userId: 8, name: 'Bo Greer' } });
    expect(await handoverNotice(db)).toEqual({ count: 2, names: ['Ada Admin'], held: 0, heldFor: [] });
  });

  it("the new user's first sync sends the kept tap under its tapper's name, then downloads a fresh copy", async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1, primaryContactName: 'Anh Nguyen' })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Ana Lima', madeBy: { userId: 7, name: 'Ana Lima' } });
    await claimDevice(db, BO);
    expect(await handoverNotice(db)).toEqual({ count: 1, names: ['Ana Lima'], held: 0, heldFor: [] });

    const fresh = arrivalRow({ id: 1, primaryContactName: 'Anh Nguyen', picked_up: true, picked_up_by: 'Ana Lima', version: 60 });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({
        status: 200,
        body: pickupAnswer({ id: 1, picked_up_by: 'Ana Lima', version: 60 }),
      }),
      'GET /sync/arrivals': () => ({
        status: 200,
        body: { arrivals: [fresh], removed: [], cursor: 61, hasMore: false, serverTime: new Date().toISOString() },
      }),
    });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['arrivals'] });
    expect(await engine.syncOnce()).toBe('done');

    expect(server.opsSent()).toHaveLength(1);
    expect(server.opsSent()[0]).toMatchObject({
      idempotencyKey: tap.opId,
      body: { picked_up: true, picked_up_by: 'Ana Lima', clientTime: tap.clientTime },
    });
    // the copy was emptied, so the download starts from the beginning (no cursor)
    const download = server.requests.find((r) => r.path === '/sync/arrivals');
    expect(download?.query?.since).toBeUndefined();
    expect(await listOps(db)).toEqual([]);
    expect(await handoverNotice(db)).toBeNull();
    expect(await queryArrivals(db)).toMatchObject([{ id: 1, picked_up: true, picked_up_by: 'Ana Lima', pendingSync: false }]);
    expect(await db.getMeta('complete:arrivals')).toBe(true);
  });

  it("a greeter's tick kept when check-in staff sign in waits on the device, unsent, until a greeter signs in again", async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1, primaryContactName: 'Anh Nguyen' })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Ana Lima', madeBy: { userId: 7, name: 'Ana Lima' } });
    await claimDevice(db, DESK);
    expect(await handoverNotice(db)).toEqual({ count: 1, names: ['Ana Lima'], held: 1, heldFor: ['admin', 'greeter'] });

    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({
        status: 200,
        body: pickupAnswer({ id: 1, picked_up_by: 'Ana Lima', version: 60 }),
      }),
      'GET /sync/registrations': () => ({
        status: 200,
        body: { registrations: [], removed: [], cursor: 1, hasMore: false, serverTime: new Date().toISOString() },
      }),
      'GET /sync/arrivals': () => ({
        status: 200,
        body: { arrivals: [], removed: [], cursor: 61, hasMore: false, serverTime: new Date().toISOString() },
      }),
    });
    const deskEngine = new SyncEngine({ db, transport: server.transport, feeds: () => ['registrations'] });
    expect(await deskEngine.syncOnce()).toBe('done');
    // not sent under the desk's session (the server refuses check-in staff a pickup): kept, still pending
    expect(server.opsSent()).toHaveLength(0);
    expect((await listOps(db)).map((o) => [o.opId, o.state])).toEqual([[tap.opId, 'pending']]);

    await claimDevice(db, ANA);
    expect(await handoverNotice(db)).toBeNull();
    const greeterEngine = new SyncEngine({ db, transport: server.transport, feeds: () => ['arrivals'] });
    expect(await greeterEngine.syncOnce()).toBe('done');
    expect(server.opsSent()).toMatchObject([{ idempotencyKey: tap.opId, body: { picked_up: true, picked_up_by: 'Ana Lima' } }]);
    expect(await listOps(db)).toEqual([]);
  });

  it('a copy with no recorded owner (an older version of the app) is treated as someone else’s', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const legacy = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Someone' });
    expect(legacy.madeBy).toBeNull();

    expect(await claimDevice(db, BO)).toEqual({ kind: 'cleared', keptOps: 1, previous: null });
    expect(await db.arrivals.count()).toBe(0);
    expect((await listOps(db))[0]).toMatchObject({ opId: legacy.opId, madeBy: { userId: null, name: null } });
    expect(await handoverNotice(db)).toEqual({ count: 1, names: [], held: 0, heldFor: [] });
  });

  it('the same user, now a greeter, keeps the arrivals but not the admin-only copies', async () => {
    const db = freshDb();
    await claimDevice(db, ADA);
    await seedFullCopy(db);
    expect(await claimDevice(db, { ...ADA, role: 'greeter' })).toEqual({ kind: 'narrowed' });
    expect(await cacheCounts(db)).toEqual({ arrivals: 2, registrations: 0, bookings: 0, candidates: 0 });
    expect(await db.getMeta('cursor:arrivals')).toBe('100');
    expect(await db.getMeta('cursor:registrations')).toBeUndefined();
    expect(await db.getMeta('complete:hotel')).toBeUndefined();
    expect(await db.getMeta('owner')).toMatchObject({ userId: 9, role: 'greeter' });
  });
});

describe('the screens’ gate (readOwned)', () => {
  it('answers only for the signed-in owner, tagged with whom it read for', async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const read = (d: AppDB) => queryArrivals(d);

    expect(await readOwned(db, null, read)).toBeUndefined(); // nobody's check ran yet
    expect(await readOwned(db, 8, read)).toBeUndefined(); // not Bo's copy
    const mine = await readOwned(db, 7, read);
    expect(mine?.owner).toBe(7);
    expect(mine?.value.map((a) => a.id)).toEqual([1]);

    // Bo signs in on this device: Ana's screens (another tab) get nothing more
    await claimDevice(db, BO);
    expect(await readOwned(db, 7, read)).toBeUndefined();
    expect(await readOwned(db, 8, (d) => queryUnmatched(d))).toMatchObject({ owner: 8, value: { assignments: [] } });
  });

  it('inside a live query (as the screens run it), follows later downloads and a sign-in elsewhere', async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    const seen: (number[] | undefined)[] = [];
    const sub = liveQuery(() => readOwned(db, 7, (d) => queryArrivals(d))).subscribe((v) => seen.push(v?.value.map((a) => a.id)));
    try {
      await vi.waitFor(() => expect(seen).toEqual([[]]));
      await seedArrivals(db, [arrivalRow({ id: 1 })]);
      await vi.waitFor(() => expect(seen.at(-1)).toEqual([1]));
      await claimDevice(db, BO);
      await vi.waitFor(() => expect(seen.at(-1)).toBeUndefined());
    } finally {
      sub.unsubscribe();
    }
  });

  it("the sync panel's notice, run live, goes once the previous user's change has left the outbox", async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Ana Lima', madeBy: { userId: 7, name: 'Ana Lima' } });
    await claimDevice(db, BO);
    const seen: unknown[] = [];
    const sub = liveQuery(() => handoverNotice(db)).subscribe((v) => seen.push(v));
    try {
      await vi.waitFor(() => expect(seen).toEqual([{ count: 1, names: ['Ana Lima'], held: 0, heldFor: [] }]));
      await refuseOp(db, tap, 'failed', 'Flight not found'); // still unsent: still shown
      await db.outbox.where('opId').equals(tap.opId).delete();
      await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    } finally {
      sub.unsubscribe();
    }
  });
});
