import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { auditLog, flights } from '../../server/db/schema';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin', { first_name: 'Ana', last_name: 'Lima' });
const greeter = await t.makeUser('greeter', { first_name: 'Bo', last_name: 'Greer' });

async function newArrival() {
  const reg = await makeRegistration(t.db);
  return makeFlight(t.db, reg.id);
}

const toggle = (id: number, body: unknown, opts: { token?: string; key?: string } = {}) =>
  t.api('POST', `/api/flight-info/admin/flight-pickups/${id}`, {
    token: opts.token ?? admin.token,
    body,
    headers: opts.key ? { 'Idempotency-Key': opts.key } : undefined,
  });

const stored = async (id: number) => (await t.db.select().from(flights).where(eq(flights.id, id)))[0];
const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'flight'), eq(auditLog.entityId, String(id))));

describe('POST /api/flight-info/admin/flight-pickups/{id}', () => {
  it("sets a pickup with the name sent ('Admin'), the tap time and the device, and says it changed", async () => {
    const f = await newArrival();
    const before = Date.now();
    const res = await toggle(f.id, { picked_up: true, picked_up_by: 'Admin', deviceId: 'phone-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: f.id,
      picked_up: true,
      picked_up_by: 'Admin',
      picked_up_by_user_id: admin.id,
      pickup_device: 'phone-1',
      changed: true,
      stale: false,
    });
    expect(new Date(res.body.picked_up_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(Math.abs(new Date(res.body.serverTime).getTime() - Date.now())).toBeLessThan(5000);
    const row = await stored(f.id);
    expect(row.pickedUp).toBe(true);
    expect(row.pickupReceivedAt).not.toBeNull();
    expect(row.version).toBeGreaterThan(f.version);
    // the board shows it
    const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token });
    expect(board.body.arrivals.find((a: any) => a.id === f.id)).toMatchObject({ picked_up: true, picked_up_by: 'Admin' });
    expect(await audits(f.id)).toHaveLength(1);
  });

  it("uses the signed-in user's name when none is sent; greeters may toggle", async () => {
    const f = await newArrival();
    const res = await toggle(f.id, { picked_up: true }, { token: greeter.token });
    expect(res.status).toBe(200);
    expect(res.body.picked_up_by).toBe('Bo Greer');
    expect(res.body.picked_up_by_user_id).toBe(greeter.id);
  });

  it('clears a pickup: who and when become null', async () => {
    const f = await newArrival();
    await toggle(f.id, { picked_up: true, picked_up_by: 'Admin' });
    const res = await toggle(f.id, { picked_up: false, picked_up_by: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ picked_up: false, picked_up_by: null, picked_up_at: null, changed: true, stale: false });
    const row = await stored(f.id);
    expect(row.pickedUp).toBe(false);
    expect(row.pickedUpAt).toBeNull();
    expect(await audits(f.id)).toHaveLength(2);
  });

  it('records the tap time sent by the client, not the arrival time', async () => {
    const f = await newArrival();
    const tap = new Date(Date.now() - 45 * 60 * 1000).toISOString();
    const res = await toggle(f.id, { picked_up: true, clientTime: tap });
    expect(res.body.picked_up_at).toBe(tap);
    expect(res.body.pickup_tap_at).toBe(tap);
    expect(new Date(res.body.pickup_received_at).getTime()).toBeGreaterThan(new Date(tap).getTime());
  });

  it('a tap older than the current state is stale: answered with the server state and not applied', async () => {
    const f = await newArrival();
    const now = Date.now();
    const later = new Date(now - 60_000).toISOString();
    const earlier = new Date(now - 120_000).toISOString();
    await toggle(f.id, { picked_up: true, picked_up_by: 'Ana', clientTime: later, deviceId: 'phone-A' });
    const version = (await stored(f.id)).version;
    const res = await toggle(f.id, { picked_up: false, clientTime: earlier, deviceId: 'phone-B' }, { token: greeter.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ picked_up: true, picked_up_by: 'Ana', pickup_device: 'phone-A', stale: true, changed: false });
    const row = await stored(f.id);
    expect(row.pickedUp).toBe(true);
    expect(row.version).toBe(version);
    expect(await audits(f.id)).toHaveLength(1);
  });

  it('a tick queued for a flight that the family then changed arrives stale, and says the change of flight won', async () => {
    const reg = await makeRegistration(t.db);
    const f = await makeFlight(t.db, reg.id, { flightNumber: 'UA700' });
    // the greeter ticks at the airport with no signal...
    const tappedAt = new Date(Date.now() - 60_000).toISOString();
    // ...and meanwhile the family moves to a later flight
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
    const changed = await t.api('POST', '/api/flight-info/submit-verified', {
      registrantToken,
      body: {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [
          {
            id: f.id,
            flightType: 'arrival',
            airline: 'United Airlines',
            flightNumber: 'UA700',
            flightDate: '2025-11-27',
            flightTime: '19:45',
            airport: 'IAH',
            adultsCount: 1,
          },
        ],
      },
    });
    expect(changed.status).toBe(200);
    const res = await toggle(f.id, { picked_up: true, clientTime: tappedAt, deviceId: 'phone-A' }, { token: greeter.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ picked_up: false, stale: true, changed: false, pickup_changed_by: 'a change of flight' });
    expect((await stored(f.id)).pickedUp).toBe(false);
    // a tap after the change is the new flight's
    const now = await toggle(f.id, { picked_up: true }, { token: greeter.token });
    expect(now.body).toMatchObject({ picked_up: true, stale: false, changed: true });
  });

  it('takes the tap time and device also as a check-in spells them (client_time, device_id)', async () => {
    const f = await newArrival();
    const now = Date.now();
    await toggle(f.id, { picked_up: true, client_time: new Date(now - 60_000).toISOString(), device_id: 'phone-C' });
    expect(await stored(f.id)).toMatchObject({ pickedUp: true, pickupDevice: 'phone-C' });
    const res = await toggle(f.id, { picked_up: false, client_time: new Date(now - 120_000).toISOString() });
    expect(res.body).toMatchObject({ picked_up: true, stale: true, changed: false });
  });

  it('last tap wins even when the taps arrive out of order', async () => {
    const f = await newArrival();
    const base = Date.now() - 10 * 60_000;
    const at = (m: number) => new Date(base + m * 60_000).toISOString();
    // taps at minutes 1 (set), 2 (clear), 3 (set) reach the server as 1, 3, 2
    await toggle(f.id, { picked_up: true, clientTime: at(1) });
    const third = await toggle(f.id, { picked_up: true, clientTime: at(3) });
    expect(third.body).toMatchObject({ changed: false, stale: false, picked_up_at: at(3) });
    const second = await toggle(f.id, { picked_up: false, clientTime: at(2) });
    expect(second.body.stale).toBe(true);
    expect((await stored(f.id)).pickedUp).toBe(true);
  });

  it('treats a tap claimed far in the future as now, so a broken clock cannot win forever', async () => {
    const f = await newArrival();
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();
    await toggle(f.id, { picked_up: true, clientTime: future });
    const res = await toggle(f.id, { picked_up: false });
    expect(res.body).toMatchObject({ picked_up: false, stale: false, changed: true });
  });

  it('a phone clock 4 minutes ahead does not win over the real taps after it: a tap is never later than its arrival', async () => {
    const f = await newArrival();
    const ahead = new Date(Date.now() + 4 * 60_000).toISOString();
    const sent = Date.now();
    const first = await toggle(f.id, { picked_up: true, clientTime: ahead, deviceId: 'fast-phone' });
    expect(new Date(first.body.pickup_tap_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(first.body.pickup_tap_at).getTime()).toBeGreaterThanOrEqual(sent - 1000);
    // a real tap a moment later, on a phone with the right time, wins
    await new Promise((r) => setTimeout(r, 5));
    const undo = await toggle(
      f.id,
      { picked_up: false, clientTime: new Date().toISOString(), deviceId: 'good-phone' },
      { token: greeter.token },
    );
    expect(undo.body).toMatchObject({ picked_up: false, stale: false, changed: true });
    expect((await stored(f.id)).pickedUp).toBe(false);
  });

  it("refuses a tap stamped before the event's window (a reset clock) with a sentence, and writes nothing", async () => {
    const f = await newArrival();
    const res = await toggle(f.id, { picked_up: true, clientTime: '1970-01-01T00:00:00.000Z' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("This tap's time is before the event: check the date and time on this device");
    expect((await stored(f.id)).pickedUp).toBe(false);
    expect(await audits(f.id)).toHaveLength(0);
  });

  it('replays the first answer for a repeated Idempotency-Key and applies once', async () => {
    const f = await newArrival();
    const key = randomUUID();
    const body = { picked_up: true, picked_up_by: 'Admin', clientTime: new Date().toISOString() };
    const first = await toggle(f.id, body, { key });
    const versionAfterFirst = (await stored(f.id)).version;
    const again = await toggle(f.id, body, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await stored(f.id)).version).toBe(versionAfterFirst);
    expect(await audits(f.id)).toHaveLength(1);
  });

  it('answers 422 when a key is reused with another body', async () => {
    const f = await newArrival();
    const key = randomUUID();
    await toggle(f.id, { picked_up: true }, { key });
    const res = await toggle(f.id, { picked_up: false }, { key });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This Idempotency-Key was already used for a different request');
    expect((await stored(f.id)).pickedUp).toBe(true);
  });

  it('404 for an unknown or removed flight, 422 for a departure, 400 for a bad body', async () => {
    expect((await toggle(99999999, { picked_up: true })).status).toBe(404);
    const word = await t.api('POST', '/api/flight-info/admin/flight-pickups/abc', { token: greeter.token, body: { picked_up: true } });
    expect([word.status, word.body.error]).toEqual([404, 'Flight not found']);
    const reg = await makeRegistration(t.db);
    const removed = await makeFlight(t.db, reg.id, { removedAt: new Date() });
    const gone = await toggle(removed.id, { picked_up: true });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Flight not found');
    const departure = await makeFlight(t.db, reg.id, { flightType: 'departure' });
    const dep = await toggle(departure.id, { picked_up: true });
    expect(dep.status).toBe(422);
    expect(dep.body.error).toBe('Pickups are recorded for arrival flights only');
    const f = await makeFlight(t.db, reg.id);
    const bad = await toggle(f.id, { picked_up: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.picked_up).toBe('picked_up must be true or false');
    const badTime = await toggle(f.id, { picked_up: true, clientTime: 'yesterday' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.fields.clientTime).toMatch(/ISO date-time/);
    // a tapper's name past 100 characters is cut (a long first and last name); past 1,000 it is no name
    const longName = await toggle(f.id, { picked_up: true, picked_up_by: 'x'.repeat(1001) });
    expect(longName.status).toBe(400);
    expect((await stored(f.id)).pickedUp).toBe(false);
  });

  it('a refused op replays the same refusal for its key', async () => {
    const reg = await makeRegistration(t.db);
    const departure = await makeFlight(t.db, reg.id, { flightType: 'departure' });
    const key = randomUUID();
    const first = await toggle(departure.id, { picked_up: true }, { key });
    const again = await toggle(departure.id, { picked_up: true }, { key });
    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.body.error).toBe(first.body.error);
  });

  it('is 401 without a session and for a registrant token', async () => {
    const f = await newArrival();
    expect((await t.api('POST', `/api/flight-info/admin/flight-pickups/${f.id}`, { body: { picked_up: true } })).status).toBe(401);
    const reg = await makeRegistration(t.db);
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
    const res = await t.api('POST', `/api/flight-info/admin/flight-pickups/${f.id}`, { body: { picked_up: true }, registrantToken });
    expect(res.status).toBe(401);
    expect((await stored(f.id)).pickedUp).toBe(false);
  });
});

describe('GET /api/sync/time', () => {
  it("answers the server's clock so a phone can measure its offset", async () => {
    const res = await t.api('GET', '/api/sync/time');
    expect(res.status).toBe(200);
    expect(Math.abs(new Date(res.body.serverTime).getTime() - Date.now())).toBeLessThan(5000);
  });
});
