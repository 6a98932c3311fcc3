/**
 * The server's answers are checked against the shared schemas before they reach IndexedDB
 * (docs/architecture.md#one-contract): an answer that does not fit is refused whole, the cache and the
 * cursor stay as they were, the sync line says why, and the next good answer is taken as usual.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import { queueHotelLink, queuePickup, listOps } from '../../pwa/offline/outbox';
import { queryArrival } from '../../pwa/offline/queries';
import type { SyncRequest } from '../../pwa/offline/transport';
import {
  arrivalRow,
  bookingRow,
  fakeServer,
  freshDb,
  linkAnswer,
  pickupAnswer,
  registrationRow,
  seedArrivals,
  seedBookings,
  seedRegistrations,
} from './fixtures';

const page = (rows: Record<string, unknown>, cursor: number) => ({
  status: 200,
  body: { ...rows, removed: [], cursor, hasMore: false, serverTime: new Date().toISOString() },
});

describe('a malformed answer', () => {
  it('a page of arrivals with a row of the wrong shape is refused whole: cache and cursor unchanged, the reason shown', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, flightNumber: 'UA 1' })], 100);
    let good = false;
    const server = fakeServer({
      'GET /sync/arrivals': () =>
        good
          ? page({ arrivals: [arrivalRow({ id: 1, flightNumber: 'UA 9' })] }, 130)
          : page({ arrivals: [arrivalRow({ id: 2 }), { ...arrivalRow({ id: 1 }), flightNumber: 42, attendees: 'none' }] }, 120),
    });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['arrivals'] });

    expect(await engine.syncOnce()).toBe('retry');
    expect(engine.getState().lastError).toMatch(
      /^The server sent a page of arrivals this app cannot read \(arrivals\.1\.flightNumber: .+\); nothing was saved$/,
    );
    expect(await db.arrivals.toArray()).toEqual([expect.objectContaining({ id: 1, flightNumber: 'UA 1' })]);
    expect(await db.getMeta('cursor:arrivals')).toBe('100');

    good = true;
    expect(await engine.syncOnce()).toBe('done');
    expect(await queryArrival(db, 1)).toMatchObject({ flightNumber: 'UA 9' });
    expect(await db.getMeta('cursor:arrivals')).toBe('130');
  });

  it('an answer that is not a page at all (a proxy error page read as text) leaves the cache as it was', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 7 })], 100);
    const server = fakeServer({ 'GET /sync/arrivals': () => ({ status: 200, body: '<html>Sign in to the airport Wi-Fi</html>' }) });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['arrivals'] });

    expect(await engine.syncOnce()).toBe('retry');
    expect(engine.getState().lastError).toMatch(/this app cannot read/);
    expect((await db.arrivals.toArray()).map((a) => a.id)).toEqual([7]);
    expect(await db.getMeta('cursor:arrivals')).toBe('100');
  });

  it("an admin's registrations page with a registration missing its attendees is refused; the cached copy stays", async () => {
    const db = freshDb();
    await seedRegistrations(db, [registrationRow({ id: 5, primary_last_name: 'Abernathy' })], 100);
    const { attendees: _dropped, ...broken } = registrationRow({ id: 5, primary_last_name: 'Changed' });
    const server = fakeServer({ 'GET /sync/registrations': () => page({ registrations: [broken] }, 140) });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['registrations'] });

    expect(await engine.syncOnce()).toBe('retry');
    expect(engine.getState().lastError).toMatch(
      /^The server sent a page of registrations this app cannot read \(registrations\.0\.attendees/,
    );
    expect(await db.registrations.get(5)).toMatchObject({ primary_last_name: 'Abernathy' });
    expect(await db.getMeta('cursor:registrations')).toBe('100');
  });

  it('amounts sent as text ("350.00") are read as numbers; text that is no amount refuses the page', async () => {
    const db = freshDb();
    const asText = { ...registrationRow({ id: 6 }), total_amount: '350.00', paid_amount: '100', balance_due: '250.00' };
    let amount: unknown = '350.00';
    const server = fakeServer({
      'GET /sync/registrations': () => page({ registrations: [{ ...asText, total_amount: amount }] }, 150),
    });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['registrations'] });
    expect(await engine.syncOnce()).toBe('done');
    expect(await db.registrations.get(6)).toMatchObject({ total_amount: 350, paid_amount: 100, balance_due: 250 });

    const other = freshDb();
    amount = 'three hundred';
    const refused = new SyncEngine({ db: other, transport: server.transport, feeds: () => ['registrations'] });
    expect(await refused.syncOnce()).toBe('retry');
    expect(refused.getState().lastError).toMatch(/registrations\.0\.total_amount/);
    expect(await other.registrations.count()).toBe(0);
  });

  it('a pickup answer of the wrong shape keeps the tap queued and shown; a good answer later settles it', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 3 })], 100);
    await queuePickup(db, { flightId: 3, pickedUp: true, actorName: 'Bo Greer' });
    let good = false;
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': (req: SyncRequest) => {
        const body = req.body as { picked_up: boolean; clientTime: string };
        const answer = pickupAnswer({ id: 3, picked_up: body.picked_up, picked_up_at: body.clientTime, version: 200 });
        return { status: 200, body: good ? answer : { ...answer, picked_up: 'yes' } };
      },
    });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['arrivals'] });

    expect(await engine.syncOnce()).toBe('retry');
    expect(await listOps(db)).toEqual([
      expect.objectContaining({ state: 'pending', lastError: expect.stringMatching(/a pickup answer this app cannot read/) }),
    ]);
    expect(await queryArrival(db, 3)).toMatchObject({ picked_up: true, pendingSync: true });

    good = true;
    expect(await engine.syncOnce()).toBe('done');
    expect(await listOps(db)).toEqual([]);
    expect(await queryArrival(db, 3)).toMatchObject({ picked_up: true, pendingSync: false });
  });

  it("a hotel link's 2xx that is not a link's answer (a proxy's {}) keeps the link queued and its booking on the device", async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    await queueHotelLink(db, { assignmentId: 9, registration: reg });
    let good = false;
    const server = fakeServer({ 'POST /hotel-assignments/': () => ({ status: 200, body: good ? linkAnswer(9, 5) : { ok: true } }) });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['hotel'] });

    expect(await engine.syncOnce()).toBe('retry');
    expect(await listOps(db)).toEqual([
      expect.objectContaining({ state: 'pending', lastError: expect.stringMatching(/a hotel link answer this app cannot read/) }),
    ]);
    expect(await db.hotelAssignments.get(9)).toBeDefined();

    good = true;
    await engine.syncOnce();
    expect(await listOps(db)).toEqual([]);
    expect(await db.hotelAssignments.get(9)).toBeUndefined();
  });
});
