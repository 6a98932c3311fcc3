/**
 * The offline layer against the REAL API under a bad network : three devices (two admins, one
 * greeter), each with its own Dexie database (fake-indexeddb) and its own skewed clock, make more than
 * 500 random pickup toggles and hotel links while requests are dropped, answers are lost after the server
 * applied them, deliveries are duplicated (at once, in parallel, and replayed much later), and devices
 * sync in random interleavings; an admin deletes bookings meanwhile. Afterwards:
 *   - every flight's pickup on the server is the last tap's (by the tap time, on the server clock);
 *   - every op was applied exactly once (one client_operations row per key, one audit row per applied op);
 *   - every outbox is empty (conflicts resolved with Keep server, and only real conflicts occurred);
 *   - nothing is lost, and every device's cache shows the server's state.
 *
 * The engines send their queued pickups in batches (POST /flight-pickups/batch), so a dropped, lost,
 * duplicated or late request is a whole batch, and a batch replayed later holds ops already applied.
 *
 * Time is virtual (Date faked, timers real): the server and the phones read the same clock plus each
 * phone's skew, and each tap happens one second after the previous one, so "the last tap" is exact.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeHotelAssignment, makeRegistration } from '../helpers/staff-fixtures';
import { auditLog, clientOperations, flights, hotelAssignments } from '../../server/db/schema';
import { AppDB } from '../../pwa/offline/db';
import { keepServer, listOps, queueHotelLink, queuePickup } from '../../pwa/offline/outbox';
import { queryArrivals, queryUnmatched } from '../../pwa/offline/queries';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import { faultNetwork, lastTap } from '../helpers/fault-network';
import type { Feed } from '../../pwa/offline/downloads';

const t = await createTestApp();

const net = faultNetwork(t);
const { rng, pick, stats, seed: SEED } = net;

const FLIGHTS = 40;
const BOOKINGS = 30;
const OPS = 540;

let virtualNow = Date.now();
const advance = (ms: number) => {
  virtualNow += ms;
  vi.setSystemTime(virtualNow);
};
let concurrentSyncs = 0;

interface Device {
  name: string;
  actor: string;
  role: 'admin' | 'greeter';
  db: AppDB;
  engine: SyncEngine;
  skewMs: number;
  now: () => number;
}

interface Tap {
  opId: string;
  flightId: number;
  pickedUp: boolean;
  at: number;
  actor: string;
}
interface Link {
  opId: string;
  assignmentId: number;
  registrationId: number;
}

const taps: Tap[] = [];
const links: Link[] = [];
const deletedBookings = new Set<number>();
const flightIds: number[] = [];
const bookingIds: number[] = [];
let devices: Device[] = [];
let deleter: Awaited<ReturnType<typeof t.makeUser>>;

async function makeDevice(name: string, role: 'admin' | 'greeter', first: string, last: string, skewMs: number): Promise<Device> {
  const user = await t.makeUser(role, { first_name: first, last_name: last });
  const db = new AppDB(`fault-${name}-${randomUUID()}`);
  const now = () => Date.now() + skewMs;
  const feeds: Feed[] = role === 'admin' ? ['arrivals', 'hotel', 'registrations'] : ['arrivals'];
  const engine = new SyncEngine({ db, transport: net.transport(user.token), feeds: () => feeds, now, random: rng, pageLimit: 25 });
  return { name, actor: `${first} ${last}`, role, db, engine, skewMs, now };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(virtualNow);
  for (let i = 0; i < FLIGHTS; i++) {
    const reg = await makeRegistration(t.db, { primaryFirstName: `Guest${i}`, primaryLastName: `Family${i}` });
    const f = await makeFlight(t.db, reg.id, { flightNumber: `UA${1000 + i}`, flightTime: `${String(8 + (i % 12)).padStart(2, '0')}:15` });
    flightIds.push(f.id);
  }
  for (let i = 0; i < BOOKINGS; i++) {
    const b = await makeHotelAssignment(t.db, { guestName: `Guest${i} Family${i}` });
    bookingIds.push(b.id);
  }
  deleter = await t.makeUser('admin');
  devices = [
    await makeDevice('phone-a', 'admin', 'Ana', 'Admin', 7 * 60_000), // 7 minutes fast
    await makeDevice('laptop-b', 'admin', 'Ben', 'Admin', -3 * 60_000 - 517), // 3 minutes slow
    await makeDevice('phone-c', 'greeter', 'Cy', 'Greeter', 45_000),
  ];
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  for (const d of devices) d.db.close();
});

const syncUntilDone = (d: Device) => net.syncUntilDone(d.name, d.engine);

async function randomSyncs() {
  const r = rng();
  if (r < 0.3) {
    // two or three devices at once, started in random order
    concurrentSyncs += 1;
    const some = devices.filter(() => rng() < 0.7);
    await Promise.all(some.sort(() => rng() - 0.5).map((d) => d.engine.syncOnce()));
  } else {
    await pick(devices).engine.syncOnce();
  }
}

describe('sync under faults, against the real API', () => {
  it(`${OPS} random taps and links from three devices end exactly as the last taps say`, async () => {
    // every device downloads once (a phone has to have the arrivals before anyone can tap them)
    net.setFaults(false);
    for (const d of devices) await syncUntilDone(d);
    net.setFaults(true);
    for (const d of devices) {
      // each device measured its own skew away
      expect((await d.db.getMeta('clockOffset'))!.offsetMs).toBe(-d.skewMs);
    }

    for (let i = 0; i < OPS; i++) {
      advance(1000);
      const d = pick(devices);
      if (d.role === 'admin' && rng() < 0.18) {
        const { assignments } = await queryUnmatched(d.db, { limit: 1000 });
        const regs = (await d.db.registrations.toArray()).filter((r) => r.status !== 'cancelled');
        if (assignments.length && regs.length) {
          const booking = pick(assignments);
          const reg = pick(regs);
          const op = await queueHotelLink(d.db, { assignmentId: booking.id, registration: reg });
          links.push({ opId: op.opId, assignmentId: booking.id, registrationId: reg.id });
          continue;
        }
      }
      const arrivals = await queryArrivals(d.db);
      const a = pick(arrivals);
      const op = await queuePickup(d.db, { flightId: a.id, pickedUp: !a.picked_up, actorName: d.actor, now: d.now });
      // the tap's time is the server clock's, whatever the phone's skew
      expect(Date.parse(op.clientTime)).toBe(virtualNow);
      taps.push({ opId: op.opId, flightId: a.id, pickedUp: !a.picked_up, at: virtualNow, actor: d.actor });

      if (rng() < 0.25) await randomSyncs();
      if (rng() < 0.05) await net.deliverStragglers();
      if (rng() < 0.01 && deletedBookings.size < 3) {
        const id = pick(bookingIds.filter((b) => !deletedBookings.has(b)));
        const res = await t.api('DELETE', `/api/hotel-assignments/${id}`, { token: deleter.token });
        expect(res.status).toBe(204);
        deletedBookings.add(id);
      }
    }
    expect(taps.length + links.length).toBeGreaterThanOrEqual(500);
    expect(links.length).toBeGreaterThan(10);

    // the network heals; stragglers still arrive; everyone syncs until their outbox is settled
    await net.heal();
    for (const d of devices) await syncUntilDone(d);

    // conflicts: only hotel links, each a real one; resolved by keeping the server's side
    const opRows = await t.db.select().from(clientOperations);
    const byKey = new Map(opRows.map((r) => [r.key, r]));
    for (const d of devices) {
      const left = await listOps(d.db);
      for (const op of left) {
        expect(op.state, `${d.name} ${op.label}: ${op.lastError} (seed ${SEED})`).toBe('conflict');
        expect(op.kind).toBe('hotel-link');
        if (op.kind !== 'hotel-link') continue;
        const [booking] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, op.payload.assignmentId));
        const linkedElsewhere = booking.registrationId !== null && booking.registrationId !== op.payload.registrationId;
        expect(linkedElsewhere || booking.deletedAt !== null).toBe(true);
        await keepServer(d.db, op.opId);
      }
      expect(await listOps(d.db)).toEqual([]);
    }

    // exactly once: one idempotency record per op, none for anything else
    const pickupRows = opRows.filter((r) => r.path.startsWith('/api/flight-info/admin/flight-pickups/'));
    const linkRows = opRows.filter((r) => r.path.startsWith('/api/hotel-assignments/'));
    expect(new Set(pickupRows.map((r) => r.key))).toEqual(new Set(taps.map((x) => x.opId)));
    expect(new Set(linkRows.map((r) => r.key))).toEqual(new Set(links.map((x) => x.opId)));
    expect(pickupRows.every((r) => r.statusCode === 200)).toBe(true);
    expect(linkRows.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    // …and one audit row per applied (not stale) toggle
    const applied = pickupRows.filter((r) => !(r.response as { stale: boolean }).stale).length;
    const pickupAudits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'flight'), like(auditLog.action, 'flight.pickup%')));
    expect(pickupAudits).toHaveLength(applied);
    // …and each booking linked once, however many accepted (same-registration) links and replays it got
    const matchAudits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'hotel.match'));
    for (const id of bookingIds) {
      const accepted = links.filter((l) => l.assignmentId === id && byKey.get(l.opId)?.statusCode === 200);
      expect(
        matchAudits.filter((a) => a.entityId === String(id)),
        `booking ${id} (seed ${SEED})`,
      ).toHaveLength(accepted.length ? 1 : 0);
    }

    // last tap wins, for every flight
    const serverFlights = await t.db.select().from(flights).where(inArray(flights.id, flightIds));
    for (const f of serverFlights) {
      const last = lastTap(taps, (x) => x.flightId === f.id);
      const label = `flight ${f.id} (seed ${SEED})`;
      if (!last) {
        expect(f.pickedUp, label).toBe(false);
        continue;
      }
      expect(f.pickedUp, label).toBe(last.pickedUp);
      expect(f.pickupTapAt?.getTime(), label).toBe(last.at);
      expect(f.pickedUpBy, label).toBe(last.pickedUp ? last.actor : null);
      expect(f.pickedUpAt?.getTime() ?? null, label).toBe(last.pickedUp ? last.at : null);
    }

    // hotel links: each booking is linked to the registration of the link the server accepted
    for (const id of bookingIds) {
      const [b] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, id));
      const accepted = links.filter((l) => l.assignmentId === id && byKey.get(l.opId)?.statusCode === 200);
      const refused = links.filter((l) => l.assignmentId === id && byKey.get(l.opId)?.statusCode === 409);
      if (deletedBookings.has(id)) {
        expect(b.deletedAt).not.toBeNull();
        continue;
      }
      const targets = new Set(accepted.map((l) => l.registrationId));
      expect(targets.size, `booking ${id}`).toBeLessThanOrEqual(1);
      expect(b.registrationId, `booking ${id}`).toBe(accepted[0]?.registrationId ?? null);
      for (const l of refused) expect(l.registrationId).not.toBe(b.registrationId);
    }

    // every device shows the server's state after one more sync
    for (const d of devices) await syncUntilDone(d);
    const listed = new Map(serverFlights.map((f) => [f.id, f.pickedUp]));
    const unmatched = await t.db
      .select({ id: hotelAssignments.id })
      .from(hotelAssignments)
      .where(and(isNull(hotelAssignments.registrationId), isNull(hotelAssignments.deletedAt)));
    for (const d of devices) {
      const cached = await queryArrivals(d.db);
      expect(cached.length).toBe(FLIGHTS);
      for (const a of cached) {
        expect(a.pendingSync).toBe(false);
        expect(a.picked_up, `${d.name} flight ${a.id} (seed ${SEED})`).toBe(listed.get(a.id));
      }
      if (d.role === 'admin') {
        const mine = (await queryUnmatched(d.db, { limit: 1000 })).assignments.map((a) => a.id).sort();
        expect(mine).toEqual(unmatched.map((u) => u.id).sort());
      }
    }

    // the faults really happened
    console.info(`sync fault injection (seed ${SEED}):`, { taps: taps.length, links: links.length, concurrentSyncs, ...stats });
    expect(stats.dropped).toBeGreaterThan(10);
    expect(stats.lost).toBeGreaterThan(10);
    expect(stats.duplicated).toBeGreaterThan(10);
    expect(stats.replayedLater).toBeGreaterThan(0);
    expect(concurrentSyncs).toBeGreaterThan(5);
    // the pickups went in batches (POST /flight-pickups/batch), several ops at a time
    expect(stats.batches).toBeGreaterThan(10);
    expect(stats.largestBatch).toBeGreaterThan(1);
  }, 600_000);
});
