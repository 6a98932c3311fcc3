/**
 * POST /api/flight-info/admin/flight-pickups/batch: the offline outbox's queued pickup toggles, up to 100
 * at once, each applied by the last-tap-wins rule and recorded under its opId exactly as the single route
 * records its Idempotency-Key, one answer per op.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { auditLog, clientOperations, flights } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin', { first_name: 'Ana', last_name: 'Lima' });
const greeter = await t.makeUser('greeter', { first_name: 'Bo', last_name: 'Greer' });

const BATCH = '/api/flight-info/admin/flight-pickups/batch';

async function newArrival(overrides: Parameters<typeof makeFlight>[2] = {}) {
  const reg = await makeRegistration(t.db);
  return makeFlight(t.db, reg.id, overrides);
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function op(flightId: number, o: { picked_up?: boolean; picked_up_by?: string | null; clientTime?: string; opId?: string } = {}) {
  return {
    opId: o.opId ?? randomUUID(),
    flightId,
    picked_up: o.picked_up ?? true,
    picked_up_by: o.picked_up_by === undefined ? 'Bo Greer' : o.picked_up_by,
    clientTime: o.clientTime ?? minutesAgo(5),
    deviceId: 'phone-1',
  };
}

const batch = (ops: unknown[], token = admin.token) => t.api('POST', BATCH, { token, body: { ops } });
const single = (id: number, body: unknown, key: string, token = admin.token) =>
  t.api('POST', `/api/flight-info/admin/flight-pickups/${id}`, { token, body, headers: { 'Idempotency-Key': key } });
const singleBody = (o: ReturnType<typeof op>) => ({
  picked_up: o.picked_up,
  picked_up_by: o.picked_up_by,
  clientTime: o.clientTime,
  deviceId: o.deviceId,
});

const stored = async (id: number) => (await t.db.select().from(flights).where(eq(flights.id, id)))[0];
const pickupAudits = (ids: number[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'flight'), inArray(auditLog.entityId, ids.map(String))));
const records = (keys: string[]) => t.db.select().from(clientOperations).where(inArray(clientOperations.key, keys));
/** what any write would change */
const footprint = async () =>
  rowsOf<Record<string, string>>(
    await t.db.execute(sql`select
      (select count(*) from audit_log)::text as audits,
      (select count(*) from client_operations)::text as ops,
      (select coalesce(max(version), 0) from flights)::text as version`),
  )[0];

describe('POST /api/flight-info/admin/flight-pickups/batch', () => {
  it('answers every op in order; a refused op gets its 4xx and does not block the others', async () => {
    const a = await newArrival();
    const b = await newArrival();
    const removed = await newArrival({ removedAt: new Date() });
    const departure = await newArrival({ flightType: 'departure' });
    const ops = [op(a.id), op(99_999_999), op(departure.id), op(removed.id), op(b.id, { picked_up_by: null })];

    const res = await batch(ops, greeter.token);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => [r.opId, r.status])).toEqual(ops.map((o, i) => [o.opId, [200, 404, 422, 404, 200][i]]));
    expect(res.body.results[0].body).toMatchObject({
      id: a.id,
      picked_up: true,
      picked_up_by: 'Bo Greer',
      picked_up_by_user_id: greeter.id,
      pickup_device: 'phone-1',
      pickup_tap_at: ops[0].clientTime,
      changed: true,
      stale: false,
    });
    expect(res.body.results[1].body).toEqual({ error: 'Flight not found' });
    expect(res.body.results[2].body).toEqual({ error: 'Pickups are recorded for arrival flights only' });
    expect(res.body.results[3].body).toEqual({ error: 'Flight not found' });
    // no name sent: the signed-in greeter's, as the single route does
    expect(res.body.results[4].body).toMatchObject({ id: b.id, picked_up: true, picked_up_by: 'Bo Greer' });

    expect((await stored(a.id)).pickedUp).toBe(true);
    expect((await stored(b.id)).pickedUp).toBe(true);
    expect((await stored(departure.id)).pickedUp).toBe(false);
    expect((await stored(removed.id)).pickedUp).toBe(false);
    expect(await pickupAudits([a.id, b.id, departure.id, removed.id])).toHaveLength(2);
    // every op recorded under its opId with its answer, refusals too, as the single route records them
    const rows = await records(ops.map((o) => o.opId));
    expect(new Map(rows.map((r) => [r.key, [r.statusCode, r.path]]))).toEqual(
      new Map(ops.map((o, i) => [o.opId, [[200, 404, 422, 404, 200][i], `/api/flight-info/admin/flight-pickups/${o.flightId}`]])),
    );
  });

  it('a replayed batch answers the same and writes nothing new', async () => {
    const a = await newArrival();
    const departure = await newArrival({ flightType: 'departure' });
    const ops = [op(a.id, { clientTime: minutesAgo(3) }), op(departure.id), op(a.id, { picked_up: false, clientTime: minutesAgo(2) })];
    const first = await batch(ops);
    expect(first.body.results.map((r: any) => r.status)).toEqual([200, 422, 200]);
    const before = await footprint();
    const again = await batch(ops);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await footprint()).toEqual(before);
    expect((await stored(a.id)).pickedUp).toBe(false);
  });

  it('last tap wins inside a batch and against the server: older taps are stale, acknowledged and not applied', async () => {
    const a = await newArrival();
    const b = await newArrival();
    await batch([op(b.id, { picked_up: true, picked_up_by: 'Ana', clientTime: minutesAgo(1) })]);
    const res = await batch([
      op(a.id, { picked_up: true, clientTime: minutesAgo(2) }),
      op(a.id, { picked_up: false, clientTime: minutesAgo(4) }), // tapped before the first: stale
      op(b.id, { picked_up: false, clientTime: minutesAgo(3) }), // older than the server's state: stale
    ]);
    expect(res.body.results.map((r: any) => [r.status, r.body.stale, r.body.picked_up])).toEqual([
      [200, false, true],
      [200, true, true],
      [200, true, true],
    ]);
    expect(res.body.results[2].body).toMatchObject({ picked_up_by: 'Ana' });
    expect((await stored(a.id)).pickedUp).toBe(true);
    expect((await stored(b.id)).pickedUp).toBe(true);
    expect(await pickupAudits([a.id])).toHaveLength(1);
  });

  it("takes an op's tap time and device also as a check-in spells them, and answers it as the single route does", async () => {
    const a = await newArrival();
    const { clientTime, deviceId, ...rest } = op(a.id, { clientTime: minutesAgo(2) });
    const res = await batch([{ ...rest, client_time: clientTime, device_id: deviceId }]);
    expect(res.body.results[0]).toMatchObject({ status: 200, body: { picked_up: true, pickup_device: 'phone-1' } });
    const older = op(a.id, { picked_up: false });
    const replayed = await single(a.id, { picked_up: false, client_time: minutesAgo(5), device_id: 'phone-1' }, older.opId);
    expect(replayed.body).toMatchObject({ stale: true, picked_up: true });
    expect((await stored(a.id)).pickupDevice).toBe('phone-1');
  });

  it('an op sent singly and then in a batch (and the other way round) gets the same answer, applied once', async () => {
    const a = await newArrival();
    const b = await newArrival();
    const first = op(a.id);
    const alone = await single(a.id, singleBody(first), first.opId);
    const second = op(b.id, { picked_up_by: null });
    const inBatch = await batch([first, second]);
    expect(inBatch.body.results[0]).toEqual({ opId: first.opId, status: 200, body: alone.body });
    const replayed = await single(b.id, { picked_up: true, clientTime: second.clientTime, deviceId: 'phone-1' }, second.opId);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(inBatch.body.results[1].body);
    expect(await pickupAudits([a.id, b.id])).toHaveLength(2);
  });

  it('an opId reused for another body is refused for that op only; the same opId twice in a batch is applied once', async () => {
    const a = await newArrival();
    const b = await newArrival();
    const used = op(a.id);
    await batch([used]);
    const twice = op(b.id);
    const res = await batch([{ ...used, picked_up: false }, twice, twice, { ...twice, picked_up: false }]);
    expect(res.body.results.map((r: any) => r.status)).toEqual([422, 200, 200, 422]);
    expect(res.body.results[0].body).toEqual({ error: 'This Idempotency-Key was already used for a different request' });
    expect(res.body.results[2].body).toEqual(res.body.results[1].body);
    expect((await stored(a.id)).pickedUp).toBe(true);
    expect((await stored(b.id)).pickedUp).toBe(true);
    expect(await pickupAudits([b.id])).toHaveLength(1);
    expect((await records([used.opId]))[0]).toMatchObject({ statusCode: 200 });
  });

  it('refuses an empty batch, 101 ops, or one malformed op with a 400 and writes nothing', async () => {
    const a = await newArrival();
    const before = await footprint();
    const tooMany = await batch(Array.from({ length: 101 }, () => op(a.id)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Send at most 100 pickup toggles at once');
    expect((await batch([])).status).toBe(400);
    const badOp = await batch([op(a.id), { ...op(a.id), opId: 'short' }]);
    expect(badOp.status).toBe(400);
    expect(badOp.body.fields['ops.1.opId']).toMatch(/opId must be 8 to 100/);
    const hugeId = await batch([op(2 ** 40)]);
    expect(hugeId.status).toBe(400);
    expect((await t.api('POST', BATCH, { token: admin.token, body: { ops: 'all' } })).status).toBe(400);
    expect(await footprint()).toEqual(before);
    expect((await stored(a.id)).pickedUp).toBe(false);
    // 100 is fine
    const hundred = await batch(
      Array.from({ length: 100 }, (_, i) => op(a.id, { picked_up: i % 2 === 0, clientTime: minutesAgo(200 - i) })),
    );
    expect(hundred.status).toBe(200);
    expect(hundred.body.results).toHaveLength(100);
    expect((await stored(a.id)).pickedUp).toBe(false);
  });

  it('is 401 without a session and for a registrant, as the single toggle', async () => {
    const a = await newArrival();
    expect((await t.api('POST', BATCH, { body: { ops: [op(a.id)] } })).status).toBe(401);
    const reg = await makeRegistration(t.db);
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
    expect((await t.api('POST', BATCH, { body: { ops: [op(a.id)] }, registrantToken })).status).toBe(401);
    expect((await stored(a.id)).pickedUp).toBe(false);
  });
});

describe("a staff member's long name", () => {
  // 'A' and 'B' then 49 emoji: two valid names that make 101 characters, cut inside an emoji at 100 UTF-16 units
  const long = { first_name: 'A', last_name: `B${'😀'.repeat(49)}` };
  const shown = `A B${'😀'.repeat(49)}`;

  it('taps and undoes on the single route and in a batch, the name kept whole to 100 characters', async () => {
    const user = await t.makeUser('greeter', long);
    const a = await newArrival();
    expect((await single(a.id, { picked_up: true }, randomUUID(), user.token)).status).toBe(200);
    const undo = await single(a.id, { picked_up: false }, randomUUID(), user.token);
    expect(undo.status).toBe(200);
    const b = await newArrival();
    // the device sends the name as it showed it, longer than 100: cut, not refused
    const sent = await batch([op(b.id, { picked_up_by: `${shown}${'x'.repeat(80)}` })], user.token);
    expect(sent.status).toBe(200);
    const [row] = await t.db.select().from(flights).where(eq(flights.id, b.id));
    expect(Array.from(row.pickedUpBy!)).toHaveLength(100);
    expect(row.pickedUpBy!.isWellFormed()).toBe(true);
    const [undone] = await t.db.select().from(flights).where(eq(flights.id, a.id));
    expect(undone.pickupChangedBy!.isWellFormed()).toBe(true);
  });
});

describe('POST /api/flight-info/admin/flight-pickups/{id} (the single route on the shared path)', () => {
  it('two deliveries of one key at the same time apply once and answer the same', async () => {
    const a = await newArrival();
    const key = randomUUID();
    // no clientTime: each delivery would tap "now", so a second apply would show as a second audit row
    const [x, y] = await Promise.all([single(a.id, { picked_up: true }, key), single(a.id, { picked_up: true }, key)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(y.body).toEqual(x.body);
    expect(await pickupAudits([a.id])).toHaveLength(1);
    expect(await records([key])).toHaveLength(1);
  });

  it('ten taps on one flight at the same time, each with its key: each applied or stale once, the latest tap stands', async () => {
    const a = await newArrival();
    const taps = Array.from({ length: 10 }, (_, i) => ({
      key: randomUUID(),
      body: { picked_up: i % 2 === 0, picked_up_by: `Greeter ${i}`, clientTime: minutesAgo(20 - i), deviceId: `phone-${i}` },
    }));
    const answers = await Promise.all(taps.map((tap) => single(a.id, tap.body, tap.key)));
    expect(answers.map((r) => r.status)).toEqual(taps.map(() => 200));
    const latest = taps[9].body;
    expect(await stored(a.id)).toMatchObject({ pickedUp: false, pickupDevice: 'phone-9', pickupTapAt: new Date(latest.clientTime) });
    const applied = answers.filter((r) => !r.body.stale);
    expect(await pickupAudits([a.id])).toHaveLength(applied.length);
    // each key answers again exactly as it first did, sync version included
    for (const [i, tap] of taps.entries()) {
      const again = await single(a.id, tap.body, tap.key);
      expect(again.body).toEqual(answers[i].body);
    }
    expect(await records(taps.map((tap) => tap.key))).toHaveLength(10);
  });

  it('one key sent at the same time for two different flights: one applies, the other is refused, nothing twice', async () => {
    const a = await newArrival();
    const b = await newArrival();
    const key = randomUUID();
    const [x, y] = await Promise.all([single(a.id, { picked_up: true }, key), single(b.id, { picked_up: true }, key)]);
    expect([x.status, y.status].sort()).toEqual([200, 422]);
    const refused = x.status === 422 ? x : y;
    expect(refused.body.error).toBe('This Idempotency-Key was already used for a different request');
    const applied = x.status === 200 ? a.id : b.id;
    const other = applied === a.id ? b.id : a.id;
    expect((await stored(applied)).pickedUp).toBe(true);
    expect((await stored(other)).pickedUp).toBe(false);
    expect(await pickupAudits([a.id, b.id])).toHaveLength(1);
    expect(await records([key])).toMatchObject([{ path: `/api/flight-info/admin/flight-pickups/${applied}` }]);
  });
});
