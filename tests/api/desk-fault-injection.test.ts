/**
 * The check-in desk's offline queue against the REAL API under a bad network (tests/helpers/
 * fault-network.ts): two desks, each with its own Dexie database (fake-indexeddb) and its own skewed
 * clock, check families in and out and take payments at random while requests are dropped, answers are
 * lost after the server applied them, deliveries are duplicated and replayed much later, and the desks
 * sync in random interleavings. Afterwards:
 *   - every attendee's check-in on the server is the last tap's (by the tap time, on the server clock);
 *   - every op was applied exactly once (one idempotency record per op; one ledger row per payment);
 *   - each registration has been paid exactly what its payments add up to;
 *   - the only ops left are payments that, with the other desk's, paid more than the total, and each
 *     says "Paid twice" (docs/product.md#check-in-desk);
 *   - every desk's cache shows the server's state.
 *
 * Time is virtual (Date faked, timers real): each tap happens one second after the previous one.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/staff-fixtures';
import { attendees, clientOperations, payments, registrations } from '../../server/db/schema';
import { AppDB } from '../../pwa/offline/db';
import { keepServer, listOps } from '../../pwa/offline/outbox';
import { queueCheckIn, queuePayment } from '../../pwa/offline/desk';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import { faultNetwork, lastTap } from '../helpers/fault-network';

const t = await createTestApp();
const net = faultNetwork(t);
const { rng, pick, stats, seed } = net;

const FAMILIES = 12;
const OPS = 300;
// what each registration owes at first; the server recomputes it from the party when money moves
const TOTAL_CENTS = 30_000;

let virtualNow = Date.now();
const advance = (ms: number) => {
  virtualNow += ms;
  vi.setSystemTime(virtualNow);
};

interface Desk {
  name: string;
  actor: string;
  db: AppDB;
  engine: SyncEngine;
  now: () => number;
}
interface Tap {
  attendeeId: number;
  checkedIn: boolean;
  at: number;
}
interface Paid {
  opId: string;
  registrationId: number;
  cents: number;
}

const checkInOps: string[] = [];
const taps: Tap[] = [];
const paid: Paid[] = [];
const registrationIds: number[] = [];
let desks: Desk[] = [];

async function makeDesk(name: string, first: string, skewMs: number): Promise<Desk> {
  const user = await t.makeUser('checkin', { first_name: first, last_name: 'Desk' });
  const db = new AppDB(`desk-fault-${name}-${randomUUID()}`);
  const now = () => Date.now() + skewMs;
  const engine = new SyncEngine({
    db,
    transport: net.transport(user.token),
    feeds: () => ['registrations'],
    now,
    random: rng,
    pageLimit: 5,
  });
  return { name, actor: `${first} Desk`, db, engine, now };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(virtualNow);
  for (let i = 0; i < FAMILIES; i++) {
    const others = Array.from({ length: i % 4 }, (_, k) => ({
      firstName: `Kid${k}`,
      lastName: `Family${i}`,
      ageCategory: 'child' as const,
    }));
    const reg = await makeRegistration(t.db, { totalAmountCents: TOTAL_CENTS, paidAmountCents: 0, paymentStatus: 'pending' }, others);
    registrationIds.push(reg.id);
  }
  desks = [await makeDesk('desk-a', 'Ana', 4 * 60_000), await makeDesk('desk-b', 'Ben', -2 * 60_000 - 311)];
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  for (const d of desks) d.db.close();
});

const syncUntilDone = (d: Desk) => net.syncUntilDone(d.name, d.engine);

describe('the desk under faults, against the real API', () => {
  it(`${OPS} random check-ins, undos and payments from two desks end exactly as the taps and the money say`, async () => {
    net.setFaults(false);
    for (const d of desks) await syncUntilDone(d);
    net.setFaults(true);

    for (let i = 0; i < OPS; i++) {
      advance(1000);
      const d = pick(desks);
      const reg = (await d.db.registrations.get(pick(registrationIds)))!;
      const balance = reg.balance_due ?? 0;
      if (rng() < 0.25 && balance > 0) {
        // the desk takes at most what its screen says is owed; the other desk may take the same
        const amount = Math.min(balance, pick([20, 50, 100, balance]));
        const op = await queuePayment(d.db, { registrationId: reg.id, amount, method: 'cash', now: d.now });
        paid.push({ opId: op.opId, registrationId: reg.id, cents: Math.round(amount * 100) });
      } else {
        const people = rng() < 0.4 ? reg.attendees : [pick(reg.attendees)];
        const checkedIn = !people[0].checked_in;
        const op = await queueCheckIn(d.db, {
          registrationId: reg.id,
          attendeeIds: people.map((a) => a.id),
          checkedIn,
          actorName: d.actor,
          now: d.now,
        });
        expect(Date.parse(op.clientTime)).toBe(virtualNow);
        checkInOps.push(op.opId);
        for (const a of people) taps.push({ attendeeId: a.id, checkedIn, at: virtualNow });
      }
      if (rng() < 0.25) {
        if (rng() < 0.3) await Promise.all(desks.map((x) => x.engine.syncOnce()));
        else await pick(desks).engine.syncOnce();
      }
      if (rng() < 0.05) await net.deliverStragglers();
    }
    expect(paid.length).toBeGreaterThan(10);

    await net.heal();
    for (const d of desks) await syncUntilDone(d);
    for (const d of desks) await syncUntilDone(d);

    const money = new Map(
      (await t.db.select().from(registrations).where(inArray(registrations.id, registrationIds))).map((r) => [r.id, r]),
    );
    // the only ops left: payments that, with the other desk's, paid more than the total; they say so
    let paidTwice = 0;
    const saidTwice = new Set<number>();
    for (const d of desks) {
      for (const op of await listOps(d.db)) {
        const label = `${d.name} ${op.label}: ${op.lastError} (seed ${seed})`;
        expect(op.kind, label).toBe('payment');
        expect(op.state, label).toBe('conflict');
        if (op.kind !== 'payment') continue;
        const r = money.get(op.payload.registrationId)!;
        expect(r.paidAmountCents, label).toBeGreaterThan(r.totalAmountCents);
        expect(op.lastError, label).toMatch(/^Paid twice: \$[\d,.]+ more than the total, recorded on two devices$/);
        paidTwice += 1;
        saidTwice.add(op.payload.registrationId);
        await keepServer(d.db, op.opId); // "Mark as seen"
      }
      expect(await listOps(d.db)).toEqual([]);
    }

    // exactly once: one idempotency record per op
    const records = await t.db.select().from(clientOperations);
    expect(new Set(records.filter((r) => r.path.endsWith('/check-in')).map((r) => r.key))).toEqual(new Set(checkInOps));
    expect(new Set(records.filter((r) => r.path.endsWith('/payments')).map((r) => r.key))).toEqual(new Set(paid.map((p) => p.opId)));
    // …one ledger row per payment, for its amount, and each registration paid exactly their sum
    const ledger = await t.db.select().from(payments).where(inArray(payments.registrationId, registrationIds));
    expect(ledger.map((p) => [p.opId, p.amountCents]).sort()).toEqual(paid.map((p) => [p.opId, p.cents]).sort());
    for (const id of registrationIds) {
      const sum = paid.filter((p) => p.registrationId === id).reduce((s, p) => s + p.cents, 0);
      expect(money.get(id)!.paidAmountCents, `registration ${id} (seed ${seed})`).toBe(sum);
    }
    // and the other way round: every registration paid beyond its total was said "Paid twice" on a desk
    const overpaid = registrationIds.filter((id) => money.get(id)!.paidAmountCents > money.get(id)!.totalAmountCents);
    expect(new Set(overpaid), `seed ${seed}`).toEqual(saidTwice);

    // last tap wins, for every attendee
    const people = await t.db.select().from(attendees).where(inArray(attendees.registrationId, registrationIds));
    for (const a of people) {
      const last = lastTap(taps, (x) => x.attendeeId === a.id);
      const label = `attendee ${a.id} (seed ${seed})`;
      if (!last) {
        expect(a.checkedIn, label).toBe(false);
        continue;
      }
      expect(a.checkedIn, label).toBe(last.checkedIn);
      expect(a.checkInTapAt?.getTime(), label).toBe(last.at);
    }

    // every desk shows the server's state after one more sync
    const server = new Map(people.map((a) => [a.id, a.checkedIn]));
    for (const d of desks) {
      await syncUntilDone(d);
      for (const id of registrationIds) {
        const cached = (await d.db.registrations.get(id))!;
        const label = `${d.name} registration ${id} (seed ${seed})`;
        expect(Math.round((cached.paid_amount ?? 0) * 100), label).toBe(money.get(id)!.paidAmountCents);
        for (const a of cached.attendees) expect(a.checked_in, `${label} attendee ${a.id}`).toBe(server.get(a.id));
      }
    }

    // the faults really happened, and the check-ins went in batches
    console.info(`desk fault injection (seed ${seed}):`, { checkIns: checkInOps.length, payments: paid.length, paidTwice, ...stats });
    expect(stats.dropped).toBeGreaterThan(5);
    expect(stats.lost).toBeGreaterThan(5);
    expect(stats.duplicated).toBeGreaterThan(5);
    expect(stats.batches).toBeGreaterThan(5);
    expect((await t.db.select().from(registrations).where(eq(registrations.status, 'cancelled'))).length).toBe(0);
  }, 600_000);
});
