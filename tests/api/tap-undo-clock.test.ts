/**
 * A tap and its undo on one device, when a sync between them measured the server clock again and moved
 * the phone's correction back (a slow request's estimate): the undo is still the later tap, so the
 * family ends as the greeter or the desk left it. The device's taps go through its real sync engine to
 * the real API (pwa/offline/clock.ts tapTimeIso: each tap is stamped after the device's previous one).
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { attendees, flights } from '../../server/db/schema';
import { AppDB } from '../../pwa/offline/db';
import { queuePickup } from '../../pwa/offline/outbox';
import { queueCheckIn } from '../../pwa/offline/desk';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import type { Transport } from '../../pwa/offline/transport';
import { deliverTo } from '../helpers/app-transport';
import type { Feed } from '../../pwa/offline/downloads';

const t = await createTestApp();

/** The device's network: every request reaches the app and its answer comes back. */
const transport =
  (token: string): Transport =>
  (req) =>
    deliverTo(t, token, req);

async function device(role: 'greeter' | 'checkin', feeds: Feed[]) {
  const user = await t.makeUser(role, { first_name: 'Bo', last_name: 'Tapper' });
  const db = new AppDB(`tap-undo-${randomUUID()}`);
  const engine = new SyncEngine({ db, transport: transport(user.token), feeds: () => feeds });
  const sync = async () => {
    for (let i = 0; i < 5; i++) if ((await engine.syncOnce()) === 'done') return;
    throw new Error('the sync did not finish');
  };
  /** What a sync over a slow link might measure: the server's clock `ms` behind what was measured before. */
  const offsetMovesBack = async (ms: number) => {
    const offset = (await db.getMeta('clockOffset'))?.offsetMs ?? 0;
    await db.setMeta('clockOffset', { offsetMs: offset - ms, rttMs: 20, measuredAt: new Date().toISOString() });
  };
  return { user, db, sync, offsetMovesBack };
}

describe('a tap undone on the same device after the clock correction moved back', () => {
  it("the greeter's undo wins: the family is not picked up", async () => {
    const reg = await makeRegistration(t.db);
    const flight = await makeFlight(t.db, reg.id);
    const phone = await device('greeter', ['arrivals']);
    await phone.sync();

    const tapped = Date.now();
    const tap = await queuePickup(phone.db, { flightId: flight.id, pickedUp: true, actorName: 'Bo Tapper', now: () => tapped });
    await phone.sync();
    expect((await t.db.select().from(flights).where(eq(flights.id, flight.id)))[0].pickedUp).toBe(true);

    await phone.offsetMovesBack(1500);
    const undo = await queuePickup(phone.db, { flightId: flight.id, pickedUp: false, actorName: 'Bo Tapper', now: () => tapped + 700 });
    expect(Date.parse(undo.clientTime)).toBeGreaterThan(Date.parse(tap.clientTime));
    await phone.sync();

    const [row] = await t.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row.pickedUp).toBe(false);
    expect((await phone.db.arrivals.get(flight.id))?.picked_up).toBe(false);
    expect(await phone.db.getMeta('overrides')).toBeFalsy();
  });

  it("the desk's undo of a check-in wins: the guest is not checked in", async () => {
    const reg = await makeRegistration(t.db);
    const guest = reg.attendees[0];
    const desk = await device('checkin', ['registrations']);
    await desk.sync();

    const tapped = Date.now();
    await queueCheckIn(desk.db, {
      registrationId: reg.id,
      attendeeIds: [guest.id],
      checkedIn: true,
      actorName: 'Bo Tapper',
      now: () => tapped,
    });
    await desk.sync();
    expect((await t.db.select().from(attendees).where(eq(attendees.id, guest.id)))[0].checkedIn).toBe(true);

    await desk.offsetMovesBack(1500);
    await queueCheckIn(desk.db, {
      registrationId: reg.id,
      attendeeIds: [guest.id],
      checkedIn: false,
      actorName: 'Bo Tapper',
      now: () => tapped + 700,
    });
    await desk.sync();
    expect((await t.db.select().from(attendees).where(eq(attendees.id, guest.id)))[0].checkedIn).toBe(false);
  });
});
