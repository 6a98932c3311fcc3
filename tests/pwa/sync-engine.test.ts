import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { liveQuery } from 'dexie';
import { BACKOFF_CAP_MS, PICKUP_BATCH_SIZE, SyncEngine, backoffDelay, type SyncEngineOptions } from '../../pwa/offline/sync-engine';
import { PICKUP_BATCH_MAX } from '../../shared/schemas/arrivals';
import { listOps, queueHotelLink, queuePickup } from '../../pwa/offline/outbox';
import { queryArrival, queryUnmatched } from '../../pwa/offline/queries';
import { applyArrivalsPage } from '../../pwa/offline/downloads';
import { claimDevice } from '../../pwa/offline/owner';
import { clearLocalData } from '../../pwa/offline/local-data';
import { NetworkError, type SyncRequest } from '../../pwa/offline/transport';
import { asSent, clockOf, discardQuestion, signOutQuestion } from '../../pwa/offline/sync-text';
import { settleGonePickup } from '../../pwa/offline/settle';
import type { AppDB } from '../../pwa/offline/db';
import { staticImports } from '../helpers/import-graph';
import {
  arrivalRow,
  bookingRow,
  fakeServer,
  freshDb,
  linkAnswer,
  opsOf,
  pickupAnswer,
  registrationRow,
  seedArrivals,
  seedBookings,
  seedRegistrations,
} from './fixtures';

function engine(db: AppDB, transport: SyncEngineOptions['transport'], extra: Partial<SyncEngineOptions> = {}) {
  return new SyncEngine({ db, transport, feeds: () => ['arrivals'], ...extra });
}

/** A pickup route answering what was asked, applied, with a rising version. */
function pickupRoute() {
  let version = 100;
  return (req: SyncRequest) => {
    const id = Number(req.path.split('/').pop());
    const body = req.body as { picked_up: boolean; clientTime: string };
    return {
      status: 200,
      body: pickupAnswer({ id, picked_up: body.picked_up, picked_up_at: body.picked_up ? body.clientTime : null, version: (version += 1) }),
    };
  };
}

describe('upload', () => {
  it('sends queued pickups as one batch, in order, each with its opId and the tap time, then empties the outbox', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    const a = await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo Greer' });
    const b = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo Greer' });
    const c = await queuePickup(db, { flightId: 2, pickedUp: false, actorName: 'Bo Greer' });
    const server = fakeServer({ 'POST /flight-info/admin/flight-pickups/': pickupRoute() });

    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    // one request: the three taps as one batch, in tap order, each with its opId
    expect(server.uploads().map((r) => r.path)).toEqual(['/flight-info/admin/flight-pickups/batch']);
    expect(server.uploads()[0].idempotencyKey).toBeUndefined();
    expect((server.uploads()[0].body as { ops: unknown[] }).ops[0]).toEqual({
      opId: a.opId,
      flightId: 2,
      picked_up: true,
      picked_up_by: 'Bo Greer',
      clientTime: a.clientTime,
      deviceId: a.payload.deviceId,
    });
    const sent = server.opsSent();
    expect(sent.map((r) => r.idempotencyKey)).toEqual([a.opId, b.opId, c.opId]);
    expect(sent.map((r) => r.path)).toEqual([
      '/flight-info/admin/flight-pickups/2',
      '/flight-info/admin/flight-pickups/1',
      '/flight-info/admin/flight-pickups/2',
    ]);
    expect(sent[0].body).toEqual({ picked_up: true, picked_up_by: 'Bo Greer', clientTime: a.clientTime, deviceId: a.payload.deviceId });
    expect(await listOps(db)).toEqual([]);
    expect(await queryArrival(db, 2)).toMatchObject({ picked_up: false, pendingSync: false });
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: true, picked_up_by: 'Ana Lima', pendingSync: false });
    // upload first, then download
    const firstGet = server.requests.findIndex((r) => r.path === '/sync/arrivals');
    expect(firstGet).toBeGreaterThan(server.requests.lastIndexOf(server.uploads()[0]));
    expect(await db.getMeta('lastSyncedAt')).toBeTruthy();
  });

  it('a stale tap is acknowledged and the cache takes the server state', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({
        status: 200,
        body: pickupAnswer({ id: 1, picked_up: false, picked_up_at: null, picked_up_by: null, stale: true, changed: false, version: 77 }),
      }),
    });
    await engine(db, server.transport).syncOnce();
    expect(await listOps(db)).toEqual([]);
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: false, picked_up_by: null, server: { version: 77 } });
  });

  it('a 401 keeps the outbox, stops, asks for sign-in, and goes on after resume()', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    let signedIn = false;
    const onAuthRequired = vi.fn();
    const ok = pickupRoute();
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': (req) =>
        signedIn ? ok(req) : { status: 401, body: { error: 'Your session has expired. Please sign in again.' } },
    });
    const e = engine(db, server.transport, { onAuthRequired });

    expect(await e.syncOnce()).toBe('auth');
    expect(onAuthRequired).toHaveBeenCalledTimes(1);
    expect(e.getState().authRequired).toBe(true);
    expect((await listOps(db)).map((o) => o.state)).toEqual(['pending', 'pending']);
    expect(server.uploads()).toHaveLength(1); // stopped at the first
    expect(await e.requestSync()).toBe('auth'); // paused: nothing is sent
    expect(server.uploads()).toHaveLength(1);
    expect((await queryArrival(db, 1))!.picked_up).toBe(true); // still shown

    signedIn = true;
    e.resume();
    await vi.waitFor(async () => expect(await listOps(db)).toEqual([]));
    expect(e.getState().authRequired).toBe(false);
  });

  it('a 409 on a hotel link becomes a conflict and the ops behind it still go', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const link = await queueHotelLink(db, { assignmentId: 9, registration: reg });
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /hotel-assignments/': () => ({ status: 409, body: { error: 'This hotel booking is already linked to another registration' } }),
      'POST /flight-info/admin/flight-pickups/': pickupRoute(),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    const ops = await listOps(db);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      opId: link.opId,
      state: 'conflict',
      lastError: 'This hotel booking is already linked to another registration',
    });
    expect(server.uploads().map((r) => r.path)).toEqual(['/hotel-assignments/9/match', '/flight-info/admin/flight-pickups/batch']);
    expect(server.uploads()[0]).toMatchObject({ body: { registrationId: 5 }, idempotencyKey: link.opId });
    expect((await db.registrations.get(5))!.hotel_confirmation_number).toBeNull(); // back to the server's
    expect((await queryUnmatched(db)).assignments).toEqual([]); // linked elsewhere: not unmatched
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: true, pendingSync: false });
  });

  it('a refused link shows its booking again, and a later download of that booking does not hide it again', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    await queueHotelLink(db, { assignmentId: 9, registration: reg });
    expect((await queryUnmatched(db)).assignments).toEqual([]); // hidden while the link is queued
    const server = fakeServer({ 'POST /hotel-assignments/': () => ({ status: 404, body: { error: 'Registration not found' } }) });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect((await listOps(db)).map((o) => o.state)).toEqual(['failed']);
    expect((await queryUnmatched(db)).assignments.map((a) => a.id)).toEqual([9]);
    // the booking changes on the server (a new room number) and comes down again
    await seedBookings(db, [bookingRow({ id: 9, room_number: '305' })], 200);
    expect((await queryUnmatched(db)).assignments.map((a) => [a.id, a.room_number])).toEqual([[9, '305']]);
  });

  it('one pickup of a batch refused (422) is marked failed and undone on screen; the rest of the batch is recorded', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    const ok = pickupRoute();
    const refusal = 'Pickups are recorded for arrival flights only';
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/1': () => ({ status: 422, body: { error: refusal } }),
      'POST /flight-info/admin/flight-pickups/2': ok,
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(server.uploads()).toHaveLength(1);
    expect((await listOps(db)).map((o) => [o.payload, o.state, o.lastError])).toEqual([
      [expect.objectContaining({ flightId: 1 }), 'failed', refusal],
    ]);
    expect((await queryArrival(db, 1))!.picked_up).toBe(false);
    expect((await queryArrival(db, 2))!.picked_up).toBe(true);
  });

  it('a pickup of a flight the family removed meanwhile (404) leaves the outbox, and the greeter is told why, not offered a Retry', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, primaryContactName: 'Aaliyah Yamamoto' }), arrivalRow({ id: 2 })]);
    const gone = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/1': () => ({ status: 404, body: { error: 'Flight not found' } }),
      'POST /flight-info/admin/flight-pickups/2': pickupRoute(),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(await listOps(db)).toEqual([]);
    const notices = (await db.getMeta('overrides')) ?? [];
    expect(notices.map((n) => [n.opId, n.text])).toEqual([
      [
        gone.opId,
        `Your ${clockOf(gone.clientTime)} pickup of Aaliyah Yamamoto was not recorded: the family removed that flight, or no longer needs transportation`,
      ],
    ]);
    // the same through the single route (a batch refused whole is sent one by one)
    const again = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: 'Bo' });
    await settleGonePickup(db, again);
    expect(await listOps(db)).toEqual([]);
    expect(((await db.getMeta('overrides')) ?? []).at(-1)?.text).toMatch(
      /^Your .+ undo of the pickup of Aaliyah Yamamoto was not recorded/,
    );
  });

  it('a successful link removes the booking and takes the hotel fields of the answer', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9, confirmation_number: 'HX-9' })]);
    await queueHotelLink(db, { assignmentId: 9, registration: reg });
    const server = fakeServer({
      'POST /hotel-assignments/': () => ({
        status: 200,
        body: linkAnswer(9, 5, {
          message: 'Successfully linked Anh Nguyen to Anh Nguyen (R25-X00005)',
          registration: { hotel_confirmation_number: 'HX-9', hotel_room_number: '999', version: 88 },
        }),
      }),
    });
    await engine(db, server.transport).syncOnce();
    expect(await listOps(db)).toEqual([]);
    expect(await db.hotelAssignments.get(9)).toBeUndefined();
    expect(await db.registrations.get(5)).toMatchObject({
      hotel_confirmation_number: 'HX-9',
      hotel_room_number: '999',
      pendingHotel: null,
    });
  });
});

describe('pickup batches', () => {
  it('sends up to 100 pickups a request; a hotel link splits the runs so the order is kept', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    await seedArrivals(
      db,
      Array.from({ length: 250 }, (_, i) => arrivalRow({ id: i + 1 })),
    );
    for (let i = 1; i <= 230; i++) await queuePickup(db, { flightId: i, pickedUp: true, actorName: 'Bo' });
    await queueHotelLink(db, { assignmentId: 9, registration: reg });
    for (let i = 231; i <= 250; i++) await queuePickup(db, { flightId: i, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': pickupRoute(),
      'POST /hotel-assignments/': () => ({
        status: 200,
        body: linkAnswer(9, 5),
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(server.uploads().map((r) => (r.path.endsWith('/batch') ? (r.body as { ops: unknown[] }).ops.length : r.path))).toEqual([
      100,
      100,
      30,
      '/hotel-assignments/9/match',
      20,
    ]);
    expect(
      server
        .opsSent()
        .filter((r) => r.path.includes('pickups'))
        .map((r) => Number(r.path.split('/').pop())),
    ).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(await listOps(db)).toEqual([]);
    expect((await queryArrival(db, 250))!.pendingSync).toBe(false);
  });

  it('tells its listeners how far a sync has come: ops sent of those queued, then rows downloaded, then nothing', async () => {
    const db = freshDb();
    await seedArrivals(
      db,
      Array.from({ length: 150 }, (_, i) => arrivalRow({ id: i + 1 })),
    );
    for (let i = 1; i <= 150; i++) await queuePickup(db, { flightId: i, pickedUp: true, actorName: 'Bo' });
    const page = (ids: number[], cursor: number, hasMore: boolean) => ({
      status: 200,
      body: { arrivals: ids.map((id) => arrivalRow({ id })), removed: [], cursor, hasMore, serverTime: new Date().toISOString() },
    });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': pickupRoute(),
      'GET /sync/arrivals': (req) => (req.query?.since === '10' ? page([3], 20, false) : page([1, 2], 10, true)),
    });
    const e = engine(db, server.transport);
    const seen: unknown[] = [];
    e.subscribe(() => {
      const p = e.getState().progress;
      if (JSON.stringify(p) !== JSON.stringify(seen.at(-1))) seen.push(p);
    });
    expect(await e.syncOnce()).toBe('done');
    expect(seen).toEqual([
      null,
      { phase: 'upload', done: 0, total: 150 },
      { phase: 'upload', done: 100, total: 150 },
      { phase: 'download', feed: 'arrivals', done: 0 },
      { phase: 'download', feed: 'arrivals', done: 2 },
      null,
    ]);
  });

  it('records each batch in one transaction: the arrivals live query runs once per batch, not once per op', async () => {
    const db = freshDb();
    await seedArrivals(
      db,
      Array.from({ length: 150 }, (_, i) => arrivalRow({ id: i + 1 })),
    );
    for (let i = 1; i <= 150; i++) await queuePickup(db, { flightId: i, pickedUp: true, actorName: 'Bo' });
    let redraws = 0;
    const sub = liveQuery(() => db.arrivals.toArray()).subscribe(() => (redraws += 1));
    await vi.waitFor(() => expect(redraws).toBe(1));
    const server = fakeServer({ 'POST /flight-info/admin/flight-pickups/': pickupRoute() });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    await new Promise((r) => setTimeout(r, 100)); // let the live query catch up
    sub.unsubscribe();
    expect(server.uploads()).toHaveLength(2);
    // the first emission, then one per batch (an empty download writes no arrival)
    expect(redraws).toBeLessThanOrEqual(3);
    expect(await listOps(db)).toEqual([]);
  });

  it('a batch refused whole (400) is sent again one by one, so only the op the server refuses fails', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 }), arrivalRow({ id: 3 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const bad = await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'x'.repeat(101) });
    await queuePickup(db, { flightId: 3, pickedUp: true, actorName: 'Bo' });
    const ok = pickupRoute();
    const tooLong = { status: 400, body: { error: 'picked_up_by must be at most 100 characters' } };
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/batch': () => ({
        ...tooLong,
        body: { ...tooLong.body, fields: { 'ops.1.picked_up_by': tooLong.body.error } },
      }),
      'POST /flight-info/admin/flight-pickups/': (req) =>
        (req.body as { picked_up_by: string }).picked_up_by.length > 100 ? tooLong : ok(req),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(server.uploads().map((r) => r.path.split('/').pop())).toEqual(['batch', '1', '2', '3']);
    expect((await listOps(db)).map((o) => [o.opId, o.state, o.lastError])).toEqual([[bad.opId, 'failed', tooLong.body.error]]);
    expect((await queryArrival(db, 2))!.picked_up).toBe(false);
    expect((await queryArrival(db, 3))!.picked_up).toBe(true);
  });

  it('a tap made while its flight is in a batch in flight stays on screen after the batch is recorded', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    const gates = [0, 1].map(() => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    });
    let batches = 0;
    const ok = pickupRoute();
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/batch': async (req) => {
        await gates[Math.min(batches++, 1)].promise;
        return {
          status: 200,
          body: { results: opsOf(req).map((single) => ({ opId: single.idempotencyKey, ...ok(single) })) },
        };
      },
    });
    const run = engine(db, server.transport).syncOnce();
    await vi.waitFor(() => expect(batches).toBe(1));
    const untap = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: 'Bo' });
    gates[0].resolve();
    await vi.waitFor(async () => expect((await listOps(db)).map((o) => o.opId)).toEqual([untap.opId]));
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: false, pendingSync: true, server: { picked_up: true } });
    expect(await queryArrival(db, 2)).toMatchObject({ picked_up: true, pendingSync: false });
    gates[1].resolve();
    expect(await run).toBe('done');
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: false, pendingSync: false });
  });

  it('asks for no more ops per batch than the server takes', () => {
    expect(PICKUP_BATCH_SIZE).toBe(PICKUP_BATCH_MAX);
  });
});

describe('retries', () => {
  it('a send that never left the device (offline) is not counted as an attempt, so discarding it is not said to leave it on the server', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer();
    const transport = async (req: SyncRequest) => {
      if (req.method === 'POST') throw new NetworkError('Waiting for a connection', false);
      return server.transport(req);
    };
    expect(await engine(db, transport).syncOnce()).toBe('retry');
    const [op] = await listOps(db);
    expect([op.state, op.attempts, op.lastError, op.leftAt]).toEqual(['pending', 0, 'Waiting for a connection', undefined]);
    expect(discardQuestion(asSent(op, []))).toBe('Discard this change? It will not reach the server.');
    // one that may have reached the server counts
    const lost = async (req: SyncRequest) => {
      if (req.method === 'POST') throw new NetworkError('No answer in time');
      return server.transport(req);
    };
    await engine(db, lost).syncOnce();
    const [again] = await listOps(db);
    expect(again.attempts).toBe(1);
    expect(discardQuestion(again)).toMatch(/may already be on the server/);
  });

  it('a network error keeps the op in place, counts the attempt and schedules a full-jitter backoff', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    let online = false;
    const ok = pickupRoute();
    const server = fakeServer({ 'POST /flight-info/admin/flight-pickups/': ok });
    const transport = async (req: SyncRequest) => {
      if (!online) throw new NetworkError('Failed to fetch');
      return server.transport(req);
    };
    const timers: { fn: () => void; ms: number }[] = [];
    const e = engine(db, transport, {
      random: () => 0.5,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
    });
    e.start(); // no host: no listeners, but the timer is used
    await vi.waitFor(() => expect(e.getState().failures).toBe(1));
    expect(timers.at(-1)!.ms).toBe(500); // random 0.5 × 1 s
    expect(e.getState().lastError).toBe('Failed to fetch');
    expect(e.getState().reachable).toBe(false);
    expect((await listOps(db)).map((o) => [o.state, o.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]); // /sync/time failed first: no op was tried

    await e.syncOnce();
    expect(timers.at(-1)!.ms).toBe(1000); // 0.5 × 2 s
    online = true;
    timers.at(-1)!.fn();
    await vi.waitFor(() => expect(e.getState()).toMatchObject({ syncing: false, failures: 0, lastError: null, reachable: true }));
    expect(await listOps(db)).toEqual([]);
    expect(server.opsSent().map((r) => r.path)).toEqual(['/flight-info/admin/flight-pickups/1', '/flight-info/admin/flight-pickups/2']);
    await e.stop();
  });

  it('is reachable again as soon as an answer begins, before a slow page has arrived whole', async () => {
    const db = freshDb();
    const server = fakeServer({});
    let online = false;
    let finishBody: (() => void) | null = null;
    const transport: SyncEngineOptions['transport'] = async (req, events) => {
      if (!online) throw new NetworkError('Failed to fetch');
      events?.onAnswer?.();
      // the cycle's first answer (the clock's, then the board's) is slow to arrive whole
      if (!finishBody) await new Promise<void>((resolve) => (finishBody = resolve));
      return server.transport(req);
    };
    const e = engine(db, transport, { setTimer: () => undefined, clearTimer: () => undefined });
    await e.syncOnce();
    expect(e.getState().reachable).toBe(false);
    online = true;
    const cycle = e.syncOnce();
    await vi.waitFor(() => expect(finishBody).not.toBeNull());
    expect(e.getState()).toMatchObject({ syncing: true, reachable: true });
    finishBody!();
    await cycle;
    expect(e.getState()).toMatchObject({ syncing: false, reachable: true, failures: 0 });
    await e.stop();
  });

  it('names the changes whose request is on its way, so sign-out and Discard say they may be on the server', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({ 'POST /flight-info/admin/flight-pickups/': pickupRoute() });
    let answer: (() => void) | null = null;
    const transport: SyncEngineOptions['transport'] = async (req) => {
      // the batch reaches the server; its answer is slow to come
      if (req.path.endsWith('/batch')) await new Promise<void>((resolve) => (answer = resolve));
      return server.transport(req);
    };
    const e = engine(db, transport, { setTimer: () => undefined, clearTimer: () => undefined });
    const cycle = e.syncOnce();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    expect(e.getState().sending).toEqual([op.opId]);
    const [queued] = await listOps(db);
    expect(queued.attempts).toBe(0);
    expect(signOutQuestion([asSent(queued, e.getState().sending)]).message).toContain(
      '1 sent without an answer, which may already be on the server',
    );
    expect(discardQuestion(asSent(queued, e.getState().sending))).toContain('may already be on the server');
    // read with nothing in memory (another tab, or this one reloaded before the answer): the device's copy says it left
    expect(queued.leftAt).toEqual(expect.any(String));
    expect(discardQuestion(asSent(queued, []))).toContain('may already be on the server');
    expect(signOutQuestion([asSent(queued, [])]).message).toContain('1 sent without an answer, which may already be on the server');
    answer!();
    await cycle;
    expect(e.getState().sending).toEqual([]);
    await e.stop();
  });

  it('a change the server keeps failing on (500) waits in its place, and the board is still downloaded', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({ status: 500, body: { error: 'Internal server error' } }),
      'GET /sync/arrivals': () => ({
        status: 200,
        body: {
          arrivals: [arrivalRow({ id: 1 }), arrivalRow({ id: 2, primaryContactName: 'Another Greeter Ticked' })],
          removed: [],
          cursor: 90,
          hasMore: false,
          serverTime: new Date().toISOString(),
        },
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    // the tick is kept, still shown, and says why it waits
    expect(await listOps(db)).toEqual([expect.objectContaining({ state: 'pending', lastError: 'Internal server error' })]);
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: true, pendingSync: true });
    // the rest of the board came down all the same; the sync line does not say it synced
    expect(await db.arrivals.count()).toBe(2);
    expect(await db.getMeta('lastSyncedAt')).toBeUndefined();
  });

  it('a network error or a 5xx on a batch counts an attempt on each of its ops, keeps the order (the link behind waits), and the batch goes again', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    await queueHotelLink(db, { assignmentId: 9, registration: reg });
    let mode: 'drop' | 'lost' | '503' | 'ok' = 'drop';
    let applied = 0;
    const ok = pickupRoute();
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': (req) => {
        applied += 1;
        return ok(req);
      },
      'POST /hotel-assignments/': () => ({
        status: 200,
        body: linkAnswer(9, 5),
      }),
    });
    const transport = async (req: SyncRequest) => {
      if (req.method === 'POST' && mode === 'drop') throw new NetworkError('connection reset');
      if (req.method === 'POST' && mode === '503') return { status: 503, body: { error: 'Service unavailable' } };
      const res = await server.transport(req);
      if (req.method === 'POST' && mode === 'lost') throw new NetworkError('answer lost'); // applied, answer gone
      return res;
    };
    const e = engine(db, transport);
    const state = async () => (await listOps(db)).map((o) => [o.kind, o.attempts, o.lastError]);
    expect(await e.syncOnce()).toBe('retry');
    expect(await state()).toEqual([
      ['pickup', 1, 'connection reset'],
      ['pickup', 1, 'connection reset'],
      ['hotel-link', 0, null],
    ]);
    mode = 'lost';
    expect(await e.syncOnce()).toBe('retry');
    expect(applied).toBe(2);
    mode = '503';
    expect(await e.syncOnce()).toBe('retry');
    expect(await state()).toEqual([
      ['pickup', 3, 'Service unavailable'],
      ['pickup', 3, 'Service unavailable'],
      ['hotel-link', 0, null],
    ]);
    expect(server.uploads().every((r) => r.path.endsWith('/batch'))).toBe(true); // the link never went
    mode = 'ok';
    expect(await e.syncOnce()).toBe('done');
    expect(await listOps(db)).toEqual([]);
    // the same batch again, with the same opIds: the server recognises them (idempotent)
    const batches = server.uploads().filter((r) => r.path.endsWith('/batch'));
    expect(batches.map((r) => (r.body as { ops: { opId: string }[] }).ops.map((o) => o.opId))).toEqual([
      expect.any(Array),
      (batches[0].body as { ops: { opId: string }[] }).ops.map((o) => o.opId),
    ]);
    expect(
      server
        .uploads()
        .map((r) => r.path)
        .at(-1),
    ).toBe('/hotel-assignments/9/match');
  });

  it('backoff is full jitter on 1 s doubling up to 60 s', () => {
    expect(backoffDelay(1, () => 0.999)).toBe(999);
    expect(backoffDelay(2, () => 0.999)).toBe(1998);
    expect(backoffDelay(4, () => 0.5)).toBe(4000);
    expect(backoffDelay(30, () => 0.999)).toBe(Math.floor(0.999 * BACKOFF_CAP_MS));
    expect(backoffDelay(3, () => 0)).toBe(0);
  });
});

describe('download', () => {
  it('pages while hasMore, saving the cursor after each page, so an interrupted first download resumes', async () => {
    const db = freshDb();
    let failPage2 = true;
    const server = fakeServer({
      'GET /sync/arrivals': (req) => {
        const since = Number(req.query?.since ?? 0);
        if (since === 0)
          return {
            status: 200,
            body: {
              arrivals: [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })],
              removed: [],
              cursor: 40,
              hasMore: true,
              serverTime: new Date().toISOString(),
            },
          };
        if (since === 40 && failPage2) throw new NetworkError('lost');
        if (since === 40)
          return {
            status: 200,
            body: { arrivals: [arrivalRow({ id: 3 })], removed: [], cursor: 55, hasMore: false, serverTime: new Date().toISOString() },
          };
        return { status: 200, body: { arrivals: [], removed: [], cursor: since, hasMore: false, serverTime: new Date().toISOString() } };
      },
    });
    const e = engine(db, server.transport);
    expect(await e.syncOnce()).toBe('retry');
    expect(await db.arrivals.count()).toBe(2);
    expect(await db.getMeta('cursor:arrivals')).toBe('40');
    expect(await db.getMeta('complete:arrivals')).toBeUndefined();

    failPage2 = false;
    expect(await e.syncOnce()).toBe('done');
    const asked = server.requests.filter((r) => r.path === '/sync/arrivals').map((r) => r.query?.since);
    expect(asked).toEqual([undefined, '40', '40']);
    expect(await db.arrivals.count()).toBe(3);
    expect(await db.getMeta('cursor:arrivals')).toBe('55');
    expect(await db.getMeta('complete:arrivals')).toBe(true);
    expect(server.requests.filter((r) => r.path === '/sync/arrivals').map((r) => r.query?.limit)).toEqual([500, 500, 500]);
  });

  it("a page on its way while another user signs in on this device is not written into the new user's copy", async () => {
    const db = freshDb();
    await claimDevice(db, { id: 1, name: 'Ana Lima', role: 'greeter' });
    const page = (arrivals: ReturnType<typeof arrivalRow>[], cursor: number, hasMore: boolean) => ({
      status: 200,
      body: { arrivals, removed: [], cursor, hasMore, serverTime: new Date().toISOString() },
    });
    const server = fakeServer({
      'GET /sync/arrivals': async (req) => {
        if (!req.query?.since) return page([arrivalRow({ id: 1 })], 40, true);
        // Ana's second page is slow; Bo signs in meanwhile (the sync lock was given up on)
        await claimDevice(db, { id: 2, name: 'Bo Greer', role: 'greeter' });
        return page([arrivalRow({ id: 2 })], 55, false);
      },
    });
    // the cycle ends, not saying it synced
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    // Bo's copy stays empty and unfinished: his own first download fills it
    expect(await db.arrivals.count()).toBe(0);
    expect(await db.getMeta('cursor:arrivals')).toBeUndefined();
    expect(await db.getMeta('complete:arrivals')).toBeUndefined();
    expect(await db.getMeta('lastSyncedAt')).toBeUndefined();
  });

  it('a page on its way when the user signs out (another tab still syncing) is not written into the cleared device', async () => {
    const db = freshDb();
    await claimDevice(db, { id: 1, name: 'Ana Lima', role: 'greeter' });
    let signedOut = false;
    const server = fakeServer({
      'GET /sync/arrivals': async (req) => {
        // sign-out clears the device while the first page is on its way; the next cycle asks of the cleared copy
        if (!signedOut) {
          signedOut = true;
          await clearLocalData(db, { force: true });
        }
        return {
          status: 200,
          body: {
            arrivals: [arrivalRow({ id: req.query?.since ? 2 : 1 })],
            removed: [],
            cursor: 40,
            hasMore: false,
            serverTime: new Date().toISOString(),
          },
        };
      },
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    expect(await db.arrivals.count()).toBe(0);
    expect(await db.getMeta('cursor:arrivals')).toBeUndefined();
    // the next sign-in takes the device again, and its downloads are written
    await claimDevice(db, { id: 2, name: 'Bo Greer', role: 'greeter' });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(await db.arrivals.count()).toBe(1);
  });

  it("tells the greeter when another phone's later tap reverses a pickup of theirs already recorded; not when it reverses another phone's", async () => {
    const db = freshDb();
    await db.setMeta('deviceId', 'dev-ana');
    const page = (rows: ReturnType<typeof arrivalRow>[], cursor: number) => ({
      arrivals: rows,
      removed: [],
      cursor,
      hasMore: false,
      serverTime: new Date().toISOString(),
    });
    const tanisha = (o: Partial<ReturnType<typeof arrivalRow>>) => arrivalRow({ id: 7, primaryContactName: 'Tanisha Peña', ...o });
    // Ana's tick, recorded, as the board downloads it: nothing to say
    const anaTick = { picked_up: true, picked_up_by: 'Ana Lima', pickup_device: 'dev-ana', pickup_changed_by: 'Ana Lima' };
    await applyArrivalsPage(
      db,
      page([tanisha({ ...anaTick, picked_up_at: '2025-11-28T17:17:00Z', pickup_tap_at: '2025-11-28T17:17:00Z', version: 10 })], 10),
    );
    expect((await db.getMeta('overrides')) ?? []).toEqual([]);
    // Bo's later undo on his phone
    const boUndo = { picked_up: false, picked_up_at: null, picked_up_by: null, pickup_device: 'dev-bo', pickup_changed_by: 'Bo Greer' };
    await applyArrivalsPage(db, page([tanisha({ ...boUndo, pickup_tap_at: '2025-11-28T17:19:00Z', version: 12 })], 12));
    const notices = (await db.getMeta('overrides')) ?? [];
    expect(notices.map((n) => n.text)).toEqual([
      expect.stringMatching(/^Your \d{1,2}:17 pickup of Tanisha Peña was undone by Bo Greer at \d{1,2}:19$/),
    ]);
    // Cy ticks again: that reverses Bo's undo, not Ana's tick
    const cyTick = { picked_up: true, picked_up_by: 'Cy Ross', pickup_device: 'dev-cy', pickup_changed_by: 'Cy Ross' };
    await applyArrivalsPage(db, page([tanisha({ ...cyTick, pickup_tap_at: '2025-11-28T17:21:00Z', version: 14 })], 14));
    expect((await db.getMeta('overrides')) ?? []).toHaveLength(1);
  });

  it('tells the greeter when a family moves its flight or takes it off the board; a first download says nothing', async () => {
    const db = freshDb();
    await seedArrivals(db, [
      arrivalRow({ id: 1, primaryContactName: 'Inés Yamamoto', flightNumber: 'UA 378', flightTime: '11:35', version: 1 }),
      arrivalRow({ id: 2, primaryContactName: 'François Scott', flightNumber: 'WN 3852', flightTime: '15:05', version: 1 }),
      arrivalRow({ id: 3, primaryContactName: 'Patricia Ruiz', version: 1 }),
      arrivalRow({
        id: 4,
        primaryContactName: 'Kenji Ito',
        airline: 'United Airlines',
        flightNumber: 'UA 1234',
        flightTime: '02:15',
        version: 1,
      }),
    ]);
    expect((await db.getMeta('overrides')) ?? []).toEqual([]);
    const page = {
      arrivals: [
        arrivalRow({ id: 1, primaryContactName: 'Inés Yamamoto', flightNumber: 'UA 378', flightTime: '12:40', version: 2 }),
        // another change to the party (a name, a count): not a change of flight
        arrivalRow({ id: 3, primaryContactName: 'Patricia Ruiz', adultsCount: 3, version: 2 }),
        // another plane at the same time; then the same plane written another way, which is no change
        arrivalRow({
          id: 4,
          primaryContactName: 'Kenji Ito',
          airline: 'United Airlines',
          flightNumber: 'UA 1243',
          flightTime: '02:15',
          version: 2,
        }),
      ],
      removed: [2],
      cursor: 200,
      hasMore: false,
      serverTime: new Date().toISOString(),
    };
    await applyArrivalsPage(db, page);
    const notices = (await db.getMeta('overrides')) ?? [];
    expect(notices.map((n) => [n.about, n.text])).toEqual([
      ['flight', "Inés Yamamoto's UA 378 now lands Nov 27, 2025 at 12:40 PM (was Nov 27, 2025 at 11:35 AM)"],
      ['flight', "Kenji Ito's UA 1243 now lands Nov 27, 2025 at 2:15 AM (was UA 1234, Nov 27, 2025 at 2:15 AM)"],
      [
        'flight',
        "François Scott's WN 3852 (Nov 27, 2025 at 3:05 PM) is no longer on the board: the family removed it, or no longer needs transportation",
      ],
    ]);
    // the same page again (a replayed download) adds nothing
    await applyArrivalsPage(db, page);
    expect(((await db.getMeta('overrides')) ?? []).length).toBe(3);
    // Kenji's flight downloaded again, written as given
    const kenji = (airline: string, flightNumber: string, version: number) =>
      applyArrivalsPage(db, {
        ...page,
        arrivals: [arrivalRow({ id: 4, primaryContactName: 'Kenji Ito', airline, flightNumber, flightTime: '02:15', version })],
        removed: [],
      });
    // the same plane written another way ('1243' under United) is not a change of flight
    await kenji('United Airlines', '1243', 3);
    expect(((await db.getMeta('overrides')) ?? []).length).toBe(3);
    // another airline with the same number: both are named
    await kenji('American Airlines', '1243', 4);
    expect(((await db.getMeta('overrides')) ?? []).at(-1)?.text).toBe(
      "Kenji Ito's American Airlines 1243 now lands Nov 27, 2025 at 2:15 AM (was United Airlines 1243, Nov 27, 2025 at 2:15 AM)",
    );
  });

  it('drops removed rows and downloads the admin feeds, ranking candidates for the bookings', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    const server = fakeServer({
      'GET /sync/arrivals': () => ({
        status: 200,
        body: { arrivals: [], removed: [2], cursor: 200, hasMore: false, serverTime: new Date().toISOString() },
      }),
      'GET /sync/hotel': () => ({
        status: 200,
        body: {
          assignments: [bookingRow({ id: 9, guest_name: 'NGUYEN, ANH' })],
          removed: [],
          cursor: 201,
          hasMore: false,
          serverTime: new Date().toISOString(),
        },
      }),
      'GET /sync/registrations': () => ({
        status: 200,
        body: {
          registrations: [
            registrationRow({ id: 5, primary_first_name: 'Anh', primary_last_name: 'Nguyen' }),
            registrationRow({ id: 6, primary_first_name: 'Zed', primary_last_name: 'Other' }),
          ],
          removed: [],
          cursor: 202,
          hasMore: false,
          serverTime: new Date().toISOString(),
        },
      }),
    });
    await engine(db, server.transport, { feeds: () => ['arrivals', 'hotel', 'registrations'] }).syncOnce();
    expect((await db.arrivals.toArray()).map((a) => a.id)).toEqual([1]);
    expect((await db.hotelAssignments.toArray()).map((a) => a.id)).toEqual([9]);
    const candidates = (await db.candidates.get(9))!.matches;
    expect(candidates.map((m) => [m.id, m.possible_match])).toEqual([[5, true]]);
  });

  it('a cycle cut short after the bookings came (the registrations failed) still ranks candidates at the next, which downloads nothing new', async () => {
    const db = freshDb();
    let registrationsFail = true;
    /** one feed's last page: its rows under `key` */
    const page = (key: string, rows: unknown[], cursor: number) => ({
      status: 200,
      body: { [key]: rows, removed: [], cursor, hasMore: false, serverTime: new Date().toISOString() },
    });
    let registrationsSent = false;
    const server = fakeServer({
      'GET /sync/arrivals': () => page('arrivals', [], 1),
      'GET /sync/hotel': (req) => page('assignments', req.query?.since ? [] : [bookingRow({ id: 9, guest_name: 'NGUYEN, ANH' })], 201),
      'GET /sync/registrations': () => {
        if (registrationsFail) return { status: 503, body: { error: 'busy' } };
        // the registration came in an earlier cycle's page: nothing new now
        if (registrationsSent) return page('registrations', [], 202);
        registrationsSent = true;
        return page('registrations', [registrationRow({ id: 5, primary_first_name: 'Anh', primary_last_name: 'Nguyen' })], 202);
      },
    });
    const e = engine(db, server.transport, {
      feeds: () => ['arrivals', 'hotel', 'registrations'],
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    // the registrations first, in a cycle of their own; then a booking comes and the registrations fail
    registrationsFail = false;
    await db.setMeta('cursor:hotel', '201'); // no booking in this first cycle
    await e.syncOnce();
    await db.meta.delete('cursor:hotel');
    registrationsFail = true;
    expect(await e.syncOnce()).toBe('retry');
    expect((await db.hotelAssignments.toArray()).map((a) => a.id)).toEqual([9]);
    registrationsFail = false;
    expect(await e.syncOnce()).toBe('done');
    expect((await db.candidates.get(9))?.matches.map((m) => m.id)).toEqual([5]);
  });

  it('never overwrites a cached arrival that has a pending tap, and a late replayed answer cannot roll it back', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, version: 10 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    // our tap reached the server (version 55) but its answer was lost; then another phone cleared the
    // pickup (version 60), and a download brings that while our op is still pending
    await applyArrivalsPage(db, {
      arrivals: [arrivalRow({ id: 1, version: 60, picked_up: false, flightTime: '15:10' })],
      removed: [],
      cursor: 60,
      hasMore: false,
      serverTime: new Date().toISOString(),
    });
    const shown = (await queryArrival(db, 1))!;
    expect(shown).toMatchObject({ picked_up: true, picked_up_by: 'Bo', flightTime: '15:10', pendingSync: true });
    expect(shown.server).toMatchObject({ picked_up: false, version: 60 });

    // the replay answers with the stored first answer (version 55): older than what the cache holds
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({
        status: 200,
        body: pickupAnswer({ id: 1, picked_up: true, picked_up_by: 'Bo', version: 55 }),
      }),
      'GET /sync/arrivals': () => ({
        status: 200,
        body: { arrivals: [], removed: [], cursor: 60, hasMore: false, serverTime: new Date().toISOString() },
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: false, pendingSync: false, server: { version: 60 } });
  });

  it('a newer answer than the cached server state is shown after the ack', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, version: 10 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': () => ({
        status: 200,
        body: pickupAnswer({ id: 1, picked_up: true, picked_up_by: 'Bo Greer', version: 70 }),
      }),
    });
    await engine(db, server.transport).syncOnce();
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: true, picked_up_by: 'Bo Greer', server: { version: 70 } });
  });

  it('measures the server clock on each answer and corrects later taps', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const skew = 5 * 60_000; // this phone is 5 minutes fast
    const now = () => Date.now() + skew;
    const server = fakeServer();
    await engine(db, server.transport, { now }).syncOnce();
    const offset = (await db.getMeta('clockOffset'))!.offsetMs;
    expect(Math.abs(offset + skew)).toBeLessThan(1000);
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo', now });
    expect(Math.abs(Date.parse(op.clientTime) - Date.now())).toBeLessThan(1000);
  });

  it('a 403 on an admin feed is skipped (role changed) and the rest still syncs', async () => {
    const db = freshDb();
    const server = fakeServer({
      'GET /sync/hotel': () => ({ status: 403, body: { error: 'You do not have permission to do this' } }),
    });
    expect(await engine(db, server.transport, { feeds: () => ['hotel', 'arrivals'] }).syncOnce()).toBe('done');
    expect(server.requests.map((r) => r.path)).toContain('/sync/arrivals');
  });
});

/** vi.waitFor's options for a whole sync cycle (its default, one second, is short on a loaded CI machine) */
const SLOW = { timeout: 5000 };

describe('triggers', () => {
  /** An engine on a page whose events the test fires (`listeners`), with no timer; `page.visible` is settable. */
  function onPage(visible: boolean) {
    const server = fakeServer();
    const listeners: Record<string, () => void> = {};
    const page = { visible };
    // the engine's clock: a test moves it past the window in which a return to the app is covered
    const clock = { now: 1_000_000 };
    const e = engine(freshDb(), server.transport, {
      host: {
        addEventListener: (type, fn) => (listeners[type] = fn),
        removeEventListener: (type) => delete listeners[type],
        isVisible: () => page.visible,
      },
      setTimer: () => 0,
      clearTimer: () => undefined,
      now: () => clock.now,
    });
    const arrivalsAsked = () => server.requests.filter((r) => r.path === '/sync/arrivals').length;
    return { e, listeners, page, clock, arrivalsAsked };
  }

  it('syncs on start, on online, when the page becomes visible and when the window gets focus', async () => {
    const { e, listeners, page, clock, arrivalsAsked } = onPage(false);
    e.start();
    // each cycle is fake-indexeddb work: on a loaded machine it can take more than waitFor's default second
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(1), SLOW);
    listeners.online();
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(2), SLOW);
    listeners.visibilitychange(); // hidden: nothing
    page.visible = true;
    // later than the 'online' cycle covers a return (on a loaded machine that cycle may still be running)
    clock.now += 60_000;
    listeners.visibilitychange();
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(3), SLOW);
    // an iPhone has no Background Sync: coming back to the app (focus) is a trigger of its own. Later
    // than the visibility's cycle covers (on a slow machine that cycle may still be running; then the
    // focus makes it run once more)
    clock.now += 60_000;
    listeners.focus();
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(4), SLOW);
    await e.stop();
    expect(Object.keys(listeners)).toEqual([]);
  });

  it('coming back to the app (visible, then focus, at once) runs one cycle, not two', async () => {
    const { e, listeners, arrivalsAsked } = onPage(true);
    e.start();
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(1));
    await e.syncOnce();
    const before = arrivalsAsked();
    listeners.visibilitychange();
    listeners.focus();
    await vi.waitFor(() => expect(arrivalsAsked()).toBe(before + 1));
    await e.syncOnce(); // the engine is idle again: whatever the two events asked for has run
    expect(arrivalsAsked()).toBe(before + 2);
    await e.stop();
  });

  it('coming back online while a cycle is failing runs a fresh cycle at once, not after the backoff', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let pickupInFlight = false;
    let firstPickup = true;
    const ok = pickupRoute();
    const server = fakeServer({ 'POST /flight-info/admin/flight-pickups/': ok });
    const listeners: Record<string, () => void> = {};
    const transport = async (req: SyncRequest) => {
      if (req.path.includes('flight-pickups') && firstPickup) {
        firstPickup = false;
        pickupInFlight = true;
        await gate; // the signal returns while this request is still failing
        throw new NetworkError('Failed to fetch');
      }
      return server.transport(req);
    };
    const timers: { fn: () => void; ms: number }[] = [];
    const e = engine(db, transport, {
      host: {
        addEventListener: (type, fn) => (listeners[type] = fn),
        removeEventListener: (type) => delete listeners[type],
        isVisible: () => false,
      },
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
    });
    e.start();
    await vi.waitFor(() => expect(pickupInFlight).toBe(true));
    listeners.online();
    release();
    // no timer fires in this test: only the fresh cycle can deliver the pickup
    await vi.waitFor(() => expect(server.opsSent().map((r) => r.path)).toEqual(['/flight-info/admin/flight-pickups/1']));
    await vi.waitFor(() => expect(e.getState()).toMatchObject({ syncing: false, failures: 0 }));
    expect(await listOps(db)).toEqual([]);
    await e.stop();
  });

  it('an op queued while a cycle runs is sent by a second cycle right after it', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ok = pickupRoute();
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': async (req) => {
        if (req.path.endsWith('/1')) await gate;
        return ok(req);
      },
    });
    const e = engine(db, server.transport);
    const first = e.syncOnce();
    await vi.waitFor(() => expect(server.uploads()).toHaveLength(1));
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    const second = e.requestSync();
    release();
    await Promise.all([first, second]);
    expect(await listOps(db)).toEqual([]);
    expect(server.opsSent().map((r) => r.path.split('/').pop())).toEqual(['1', '2']);
    expect(server.uploads()).toHaveLength(2); // the second tap came after the first batch left
  });
});

describe('module boundaries', () => {
  it('the engine and everything it imports stay free of React (it runs outside components)', () => {
    const { files, packages } = staticImports('pwa/offline/sync-engine.ts');
    expect(files.size).toBeGreaterThan(5);
    expect([...packages].filter((s) => /react/.test(s))).toEqual([]);
  });
});
