import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeHotelAssignment, makeRegistration } from '../helpers/staff-fixtures';
import { attendees, flights, registrations } from '../../server/db/schema';
import type { Tx } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { SETTLE_TIMEOUT_MS } from '../../server/services/sync/sync-download';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const download = async (since: number, limit?: number, token = greeter.token) => {
  const res = await t.api('GET', `/api/sync/arrivals?since=${since}${limit ? `&limit=${limit}` : ''}`, { token });
  expect(res.status).toBe(200);
  return res.body as { arrivals: any[]; removed: number[]; cursor: number; hasMore: boolean; serverTime: string };
};
const downloadAll = async (since: number, limit = 500) => {
  const pages = [];
  let cursor = since;
  for (;;) {
    const page = await download(cursor, limit);
    pages.push(page);
    expect(page.cursor).toBeGreaterThanOrEqual(cursor);
    cursor = page.cursor;
    if (!page.hasMore) return { pages, cursor, arrivals: pages.flatMap((p) => p.arrivals), removed: pages.flatMap((p) => p.removed) };
  }
};
const bump = () => sql`nextval('sync_version_seq')`;

describe('GET /api/sync/arrivals', () => {
  it('first download: every listed arrival with its party and hotel, no payments or address', async () => {
    const reg = await makeRegistration(t.db, { addressLine1: '1 Secret Lane', hotelConfirmationNumber: 'HX-1', paidAmountCents: 5000 }, [
      { firstName: 'Kid', lastName: 'Sync', ageCategory: 'child' },
    ]);
    const f = await makeFlight(t.db, reg.id);
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const hidden = await makeFlight(t.db, cancelled.id);
    const first = await downloadAll(0);
    const row = first.arrivals.find((a) => a.id === f.id);
    expect(row).toMatchObject({ registrationNumber: reg.registrationNumber, hotel: { confirmationNumber: 'HX-1' } });
    expect(row.attendees[1]).toEqual({ firstName: 'Kid', lastName: 'Sync', ageCategory: 'child' });
    expect(JSON.stringify(row)).not.toMatch(/Secret Lane|paid|amount/i);
    expect(first.arrivals.map((a) => a.id)).not.toContain(hidden.id);
    expect(first.removed).toEqual([]);
    expect(first.cursor).toBeGreaterThanOrEqual(row.version);
  });

  it('then sends only what changed after the cursor, and the cursor moves forward', async () => {
    const reg = await makeRegistration(t.db);
    const a = await makeFlight(t.db, reg.id);
    const other = await makeRegistration(t.db);
    const b = await makeFlight(t.db, other.id);
    const { cursor } = await downloadAll(0);
    const nothing = await download(cursor);
    expect(nothing).toMatchObject({ arrivals: [], removed: [], hasMore: false, cursor });

    await t.api('POST', `/api/flight-info/admin/flight-pickups/${a.id}`, { token: greeter.token, body: { picked_up: true } });
    const next = await download(cursor);
    expect(next.arrivals.map((x) => x.id)).toEqual([a.id]);
    expect(next.arrivals[0].picked_up).toBe(true);
    expect(next.cursor).toBeGreaterThan(cursor);
    expect(next.arrivals.map((x) => x.id)).not.toContain(b.id);
  });

  it('re-sends an arrival when its registration or attendees change', async () => {
    const reg = await makeRegistration(t.db);
    const f = await makeFlight(t.db, reg.id);
    const { cursor } = await downloadAll(0);
    await t.db.insert(attendees).values({ registrationId: reg.id, firstName: 'New', lastName: 'Baby', ageCategory: 'child' });
    const afterAttendee = await download(cursor);
    expect(afterAttendee.arrivals.find((x) => x.id === f.id)?.attendees.map((p: any) => p.firstName)).toContain('New');
    await t.db.update(registrations).set({ primaryPhone: '+1 555 0199', version: bump() }).where(eq(registrations.id, reg.id));
    const afterPhone = await download(afterAttendee.cursor);
    expect(afterPhone.arrivals.find((x) => x.id === f.id)?.primaryContactPhone).toBe('+1 555 0199');
  });

  it('lists flights that left the board as removed: cancelled registration, removed flight, no transport', async () => {
    const cancelMe = await makeRegistration(t.db);
    const f1 = await makeFlight(t.db, cancelMe.id);
    const reg = await makeRegistration(t.db);
    const f2 = await makeFlight(t.db, reg.id);
    const f3 = await makeFlight(t.db, reg.id);
    const { cursor } = await downloadAll(0);
    await t.db.update(registrations).set({ status: 'cancelled', version: bump() }).where(eq(registrations.id, cancelMe.id));
    await t.db.update(flights).set({ removedAt: new Date(), version: bump() }).where(eq(flights.id, f2.id));
    const page = await download(cursor);
    expect(page.removed).toEqual(expect.arrayContaining([f1.id, f2.id]));
    // the sibling flight is re-sent (its registration's flights changed) and stays on the board
    expect(page.arrivals.map((a) => a.id)).toContain(f3.id);
    expect(page.arrivals.map((a) => a.id)).not.toContain(f2.id);
  });

  it('pages with hasMore; resuming from each cursor gets every arrival exactly once', async () => {
    const made: Awaited<ReturnType<typeof makeFlight>>[] = [];
    for (let i = 0; i < 7; i++) {
      const reg = await makeRegistration(t.db);
      made.push(await makeFlight(t.db, reg.id));
    }
    const whole = await downloadAll(0, 1000);
    const paged = await downloadAll(0, 3);
    expect(paged.pages.length).toBeGreaterThan(2);
    expect(paged.pages.slice(0, -1).every((p) => p.hasMore)).toBe(true);
    const ids = paged.arrivals.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(whole.arrivals.map((a) => a.id).sort());
    for (const m of made) expect(ids).toContain(m.id);
    expect(paged.cursor).toBe(whole.cursor);
  });

  it('never splits arrivals that share one version across pages', async () => {
    const reg = await makeRegistration(t.db);
    const fs = [await makeFlight(t.db, reg.id), await makeFlight(t.db, reg.id), await makeFlight(t.db, reg.id)];
    const { cursor } = await downloadAll(0);
    // one registration change gives all three rows the same (effective) version
    await t.db.update(registrations).set({ primaryLastName: 'Renamed', version: bump() }).where(eq(registrations.id, reg.id));
    const after = await downloadAll(cursor, 2);
    expect(after.arrivals.map((a) => a.id).sort()).toEqual(fs.map((f) => f.id).sort());
  });

  it('refuses a bad cursor, and is for staff only', async () => {
    const bad = await t.api('GET', '/api/sync/arrivals?since=abc', { token: greeter.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('since must be a cursor from an earlier download');
    expect((await t.api('GET', '/api/sync/arrivals')).status).toBe(401);
    expect((await t.api('GET', '/api/sync/arrivals', { token: admin.token })).status).toBe(200);
  });

  /**
   * Runs `before` in a transaction that then stays open until `release()`; `after` runs just before it
   * commits. Resolves once `before` has run.
   */
  async function heldTransaction(before: (tx: Tx) => Promise<unknown>, after: (tx: Tx) => Promise<unknown> = async () => {}) {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const isStarted = new Promise<void>((r) => (started = r));
    const done = t.db.transaction(async (tx) => {
      const v = await before(tx);
      started();
      await held;
      await after(tx);
      return v;
    });
    await isStarted;
    return { release, done };
  }

  /** A slower writer (held open) and a faster one that commits first with a higher version: the device gets the slow change. */
  async function expectSlowWriterDelivered(flightId: number, cursor: number, release: () => void, done: Promise<unknown>, text: string) {
    const other = await makeRegistration(t.db);
    await makeFlight(t.db, other.id);
    const pending = download(cursor);
    setTimeout(release, 300);
    const page = await pending;
    await done;
    const seen = page.arrivals.find((a) => a.id === flightId);
    if (seen) expect(seen.specialInstructions).toBe(text);
    else expect(page.cursor).toBeLessThan((await t.db.select().from(flights).where(eq(flights.id, flightId)))[0].version);
    // either way the slow change reaches the device
    const rest = await downloadAll(page.cursor);
    const final = [...page.arrivals, ...rest.arrivals].filter((a) => a.id === flightId).pop();
    expect(final?.specialInstructions).toBe(text);
  }

  it.runIf(t.database.driver === 'postgres')('waits for a writer in flight so its change is not skipped', async () => {
    const reg = await makeRegistration(t.db);
    const f = await makeFlight(t.db, reg.id);
    const { cursor } = await downloadAll(0);
    const { release, done } = await heldTransaction((tx) =>
      tx.update(flights).set({ specialInstructions: 'slow writer', version: bump() }).where(eq(flights.id, f.id)),
    );
    await expectSlowWriterDelivered(f.id, cursor, release, done, 'slow writer');
  });

  it.runIf(t.database.driver === 'postgres')('waits for a writer that has taken its version but not yet written it', async () => {
    const reg = await makeRegistration(t.db);
    const f = await makeFlight(t.db, reg.id);
    const { cursor } = await downloadAll(0);
    let version = 0;
    // nextval does not always give the transaction an id; the row is written later
    const { release, done } = await heldTransaction(
      async (tx) => (version = Number(rowsOf<{ v: string }>(await tx.execute(sql`select nextval('sync_version_seq')::text as v`))[0].v)),
      (tx) => tx.update(flights).set({ specialInstructions: 'version first', version }).where(eq(flights.id, f.id)),
    );
    await expectSlowWriterDelivered(f.id, cursor, release, done, 'version first');
  });

  // e.g. a long transaction of another database on the same server, or a report reading this one; and
  // every staff request's session lookup reads the sequence's last value (server/db/arrival-mark.ts)
  it.runIf(t.database.driver === 'postgres').each([
    ['takes no version', sql`select pg_current_xact_id()`], // an id, no version
    ['only reads the sequence', sql`select last_value from sync_version_seq`],
  ])('is not held back by a transaction that %s', async (_what, statement) => {
    const reg = await makeRegistration(t.db);
    await makeFlight(t.db, reg.id);
    const { release, done } = await heldTransaction((tx) => tx.execute(statement));
    try {
      const before = Date.now();
      const page = await downloadAll(0);
      expect(Date.now() - before).toBeLessThan(SETTLE_TIMEOUT_MS);
      expect(page.cursor).toBeGreaterThan(0);
    } finally {
      release();
      await done;
    }
  });
});

describe('GET /api/sync/hotel', () => {
  it('sends unmatched bookings, then matched and deleted ones as removed', async () => {
    const keep = await makeHotelAssignment(t.db);
    const toMatch = await makeHotelAssignment(t.db);
    const toDelete = await makeHotelAssignment(t.db);
    const first = await t.api('GET', '/api/sync/hotel?since=0', { token: admin.token });
    expect(first.status).toBe(200);
    const ids = first.body.assignments.map((a: any) => a.id);
    expect(ids).toEqual(expect.arrayContaining([keep.id, toMatch.id, toDelete.id]));
    expect(first.body.removed).toEqual([]);

    const reg = await makeRegistration(t.db);
    await t.api('POST', `/api/hotel-assignments/${toMatch.id}/match`, { token: admin.token, body: { registrationId: reg.id } });
    await t.api('DELETE', `/api/hotel-assignments/${toDelete.id}`, { token: admin.token });
    const added = await makeHotelAssignment(t.db);
    const next = await t.api('GET', `/api/sync/hotel?since=${first.body.cursor}`, { token: admin.token });
    expect(next.body.removed.sort()).toEqual([toMatch.id, toDelete.id].sort());
    expect(next.body.assignments.map((a: any) => a.id)).toEqual([added.id]);
    expect(next.body.cursor).toBeGreaterThan(first.body.cursor);
    expect(next.body.hasMore).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await t.api('GET', '/api/sync/hotel', { token: greeter.token })).status).toBe(403);
    expect((await t.api('GET', '/api/sync/hotel')).status).toBe(401);
  });
});
