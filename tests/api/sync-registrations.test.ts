import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { attendees, registrations, users } from '../../server/db/schema';
import { connectPostgres } from '../../server/db/client';
import { withDatabase } from '../setup/global-setup';
import { rowsOf } from '../../server/db/rows';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const download = (since?: number | string, limit?: number, token = admin.token) => {
  const qs = new URLSearchParams();
  if (since !== undefined) qs.set('since', String(since));
  if (limit !== undefined) qs.set('limit', String(limit));
  return t.api('GET', `/api/sync/registrations${qs.size ? `?${qs}` : ''}`, { token });
};

/** Pages through the feed from `since` to the end; returns every registration seen and the last cursor. */
async function downloadAll(since: number, limit = 500) {
  const seen: any[] = [];
  let cursor = since;
  for (let i = 0; i < 100; i++) {
    const res = await download(cursor, limit);
    expect(res.status).toBe(200);
    seen.push(...res.body.registrations);
    cursor = res.body.cursor;
    if (!res.body.hasMore) break;
  }
  return { seen, cursor };
}

const bump = sql`nextval('sync_version_seq')`;

describe('GET /api/sync/registrations', () => {
  it('is for admins only: 401 without a session, 403 for a greeter', async () => {
    expect((await t.api('GET', '/api/sync/registrations')).status).toBe(401);
    const res = await download(0, 10, greeter.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBeTruthy();
  });

  it('sends every registration with its attendees, flights and hotel fields on the first download', async () => {
    const reg = await makeRegistration(
      t.db,
      { primaryFirstName: 'Minh', primaryLastName: 'Nguyen', hotelConfirmationNumber: 'HX-1', hotelRoomNumber: '214' },
      [
        { firstName: 'Lan', lastName: 'Nguyen', ageCategory: 'child' },
        { firstName: 'Gone', lastName: 'Nguyen', removed: true },
      ],
    );
    await makeFlight(t.db, reg.id, { airline: 'United Airlines', flightNumber: 'UA1234', flightTime: '09:05' });
    await makeFlight(t.db, reg.id, { flightType: 'departure', flightDate: '2025-11-30' });
    const { seen } = await downloadAll(0);
    const row = seen.find((r) => r.id === reg.id);
    expect(row).toMatchObject({
      registration_number: reg.registrationNumber,
      primary_first_name: 'Minh',
      primary_last_name: 'Nguyen',
      status: 'active',
      hotel_confirmation_number: 'HX-1',
      hotel_room_number: '214',
      attendee_count: 2,
      total_amount: expect.any(Number),
    });
    expect(row.attendees.map((a: any) => `${a.first_name} ${a.last_name}`)).toEqual(['Minh Nguyen', 'Lan Nguyen']);
    expect(row.attendees[1]).toMatchObject({ age_category: 'child', is_primary: false });
    expect(row.flights).toHaveLength(2);
    expect(row.flights.find((f: any) => f.flight_type === 'arrival')).toMatchObject({ flight_number: 'UA1234', flight_time: '09:05' });
    expect(row.version).toBeGreaterThan(0);
    expect(typeof (await download(0, 1)).body.serverTime).toBe('string');
  });

  it('after the first download sends only registrations whose row, attendees or flights changed', async () => {
    const a = await makeRegistration(t.db, { primaryLastName: 'Alpha' });
    const b = await makeRegistration(t.db, { primaryLastName: 'Bravo' });
    const c = await makeRegistration(t.db, { primaryLastName: 'Charlie' });
    const { cursor } = await downloadAll(0);

    const none = await download(cursor);
    expect(none.status).toBe(200);
    expect(none.body.registrations).toEqual([]);
    expect(none.body.hasMore).toBe(false);
    expect(none.body.cursor).toBe(cursor);

    // a's attendee renamed, b's flight added, c untouched
    await t.db.update(attendees).set({ firstName: 'Renamed', version: bump }).where(eq(attendees.id, a.attendees[0].id));
    await makeFlight(t.db, b.id, { flightNumber: 'DL77' });
    const changed = await downloadAll(cursor);
    expect(changed.seen.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(changed.seen.find((r) => r.id === a.id).attendees[0].first_name).toBe('Renamed');
    expect(changed.seen.find((r) => r.id === b.id).flights.map((f: any) => f.flight_number)).toEqual(['DL77']);
    expect(changed.seen.some((r) => r.id === c.id)).toBe(false);

    // a hotel link changes the registration row itself
    await t.db.update(registrations).set({ hotelConfirmationNumber: 'HX-9', version: bump }).where(eq(registrations.id, c.id));
    const hotel = await downloadAll(changed.cursor);
    expect(hotel.seen.map((r) => r.id)).toEqual([c.id]);
    expect(hotel.seen[0].hotel_confirmation_number).toBe('HX-9');
  });

  it('pages with hasMore and a cursor, each registration once, so an interrupted download resumes', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeRegistration(t.db, { primaryLastName: `Paged${i}` }));
    // one row per page: more are waiting
    const first = (await download(0, 1)).body;
    expect(first.registrations).toHaveLength(1);
    expect(first.hasMore).toBe(true);
    const ids: number[] = [];
    let cursor = 0;
    let pages = 0;
    for (;;) {
      const res = await download(cursor, 3);
      expect(res.status).toBe(200);
      expect(res.body.registrations.length).toBeLessThanOrEqual(3);
      ids.push(...res.body.registrations.map((r: any) => r.id));
      pages += 1;
      if (!res.body.hasMore) break;
      expect(res.body.cursor).toBeGreaterThan(cursor);
      cursor = res.body.cursor;
    }
    expect(pages).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of made) expect(ids).toContain(r.id);
    // versions come oldest first
    const all = await downloadAll(0, 4);
    const versions = all.seen.map((r) => r.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
  });

  it('pages in the order of the versions as numbers, also when they pass from four digits to five (no registration left out)', async () => {
    // versions 9990…10010: as text '10000' would sort before '9995' and a page would skip the rest
    await t.db.execute(sql`select setval('sync_version_seq', greatest(9990, (select last_value from sync_version_seq)))`);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await makeRegistration(t.db, { primaryLastName: `Digits${i}` }));
    const { seen } = await downloadAll(0, 3);
    const ids = seen.map((r) => r.id);
    for (const r of made) expect(ids).toContain(r.id);
    const versions = seen.map((r) => r.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
  });

  it('keeps cancelled registrations (they stay on the list) and never reports removals', async () => {
    const reg = await makeRegistration(t.db, { primaryLastName: 'Cancelled' });
    const { cursor } = await downloadAll(0);
    await t.db.update(registrations).set({ status: 'cancelled', version: bump }).where(eq(registrations.id, reg.id));
    const res = await download(cursor);
    expect(res.body.registrations.map((r: any) => [r.id, r.status])).toEqual([[reg.id, 'cancelled']]);
    expect(res.body.removed).toEqual([]);
  });

  it("refuses a cursor that is not one with 400 and the schema's sentence", async () => {
    const res = await download('yesterday');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('since must be a cursor from an earlier download');
    const big = await download(0, 5000);
    expect(big.status).toBe(400);
    expect(big.body.fields.limit).toBe('Limit must be at most 2000');
  });
});

describe('the PostgreSQL connections', () => {
  // JIT compiling made the desk's first download page take ~1 s for ~50 ms of work (docs/quality.md)
  it.runIf(t.database.driver === 'postgres')('run with JIT off, so no query pays for compiling', async () => {
    expect(rowsOf(await t.db.execute(sql`select current_setting('jit') as jit`))).toEqual([{ jit: 'off' }]);
  });

  // an unprepared statement with values costs two round trips and a parse and plan each time
  it.runIf(t.database.driver === 'postgres')('prepare every statement, in and out of transactions, once per connection', async () => {
    const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const one = connectPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), { max: 1 });
    try {
      const prepared = async (marker: string) =>
        rowsOf<{ n: number }>(
          await one.db.execute(
            sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
          ),
        )[0].n;
      await one.db.select({ id: users.id }).from(users).where(eq(users.email, 'outside@example.org')).limit(1);
      await one.db.transaction((tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, 'inside@example.org')).for('update'));
      await one.db.select({ id: users.id }).from(users).where(eq(users.email, 'again@example.org')).limit(1);
      expect(await prepared('"users"."email" = $1 limit')).toBe(1);
      expect(await prepared('for update')).toBe(1);
    } finally {
      await one.close();
    }
  });
});
