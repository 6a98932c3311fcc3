import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { attendees, flights, hotelAssignments, payments, registrations, users } from '../../server/db/schema';
import { DEMO_ADMIN, DEMO_CHECKIN, DEMO_GREETER, planDemoEvent, seedDemo, type DemoResult } from '../../server/seed/demo';
import { buildSearchText } from '../../server/services/registrations/search-text';
import { normalizeSearch, searchForm } from '../../shared/search';
import { AIRLINES } from '../../shared/constants';
import { baseAmountCents, computeAmounts, derivePaymentStatus, isLate } from '../../shared/pricing';
import { createTestApp } from '../helpers/app';

const t = await createTestApp();
let demo: DemoResult;
let regs: (typeof registrations.$inferSelect)[];
let people: (typeof attendees.$inferSelect)[];
let legs: (typeof flights.$inferSelect)[];
let money: (typeof payments.$inferSelect)[];
let rooms: (typeof hotelAssignments.$inferSelect)[];

beforeAll(async () => {
  demo = await seedDemo(t.db, t.config, { size: 'normal' });
  regs = await t.db.select().from(registrations).orderBy(asc(registrations.id));
  people = await t.db.select().from(attendees).orderBy(asc(attendees.id));
  legs = await t.db.select().from(flights);
  money = await t.db.select().from(payments);
  rooms = await t.db.select().from(hotelAssignments);
}, 120_000);

const byReg = <T extends { registrationId: number | null }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) if (r.registrationId !== null) m.set(r.registrationId, [...(m.get(r.registrationId) ?? []), r]);
  return m;
};

describe('demo event (normal size)', () => {
  it('has about 150 registrations and 420 attendees in varied states', () => {
    expect(demo.registrations).toBe(150);
    expect(regs).toHaveLength(150);
    expect(people.length).toBeGreaterThanOrEqual(380);
    expect(people.length).toBeLessThanOrEqual(460);
    expect(demo.attendees).toBe(people.length);
    const statuses = new Set(regs.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['active', 'cancelled', 'pending', 'waitlist']);
    expect(regs.filter((r) => r.status === 'active').length).toBeGreaterThan(100);
    expect(new Set(people.map((p) => p.ageCategory))).toEqual(new Set(['adult', 'youth', 'child']));
    for (const p of people) {
      const expected = p.age! <= 12 ? 'child' : p.age! <= 18 ? 'youth' : 'adult';
      expect(p.ageCategory).toBe(expected);
    }
    // children of every age, not a crowd of newborns (a young contact's children were all age 0)
    const children = people.filter((p) => p.ageCategory === 'child');
    expect(children.filter((p) => p.age === 0).length).toBeLessThan(children.length / 13 + 2);
    const numbers = regs.map((r) => r.registrationNumber);
    expect(new Set(numbers).size).toBe(150);
    for (const n of numbers) expect(n).toMatch(/^R25-[A-HJ-NP-Z2-9]{6}$/);
    expect(new Set(regs.map((r) => r.primaryEmail)).size).toBe(150);
  });

  it('keeps attendee #1 in step with the primary contact, and search text complete', () => {
    const partyOf = byReg(people);
    for (const r of regs) {
      const party = partyOf.get(r.id)!;
      expect(party.length).toBeGreaterThanOrEqual(1);
      expect(party.length).toBeLessThanOrEqual(9);
      const primaries = party.filter((p) => p.isPrimary);
      expect(primaries).toHaveLength(1);
      expect(primaries[0]).toMatchObject({
        firstName: r.primaryFirstName,
        lastName: r.primaryLastName,
        ageCategory: r.primaryAgeCategory,
        relationship: 'self',
      });
      expect(r.searchText).toBe(buildSearchText(r, party));
    }
    // accented names exist, and are found without their accents
    const accented = regs.filter((r) => /[À-ÿ]/.test(`${r.primaryFirstName}${r.primaryLastName}`));
    expect(accented.length).toBeGreaterThan(0);
    for (const r of accented) expect(r.searchText).toContain(searchForm(`${r.primaryFirstName} ${r.primaryLastName}`));
  });

  it('computes every amount with shared/pricing, and paid amounts from the payments', () => {
    const paymentsOf = byReg(money);
    const partyOf = byReg(people);
    const { prices, lateFeeCents, lateFeeAfter, timeZone } = t.config.event;
    for (const r of regs) {
      const party = partyOf.get(r.id)!.filter((p) => !p.removedAt);
      const base = baseAmountCents(
        party.map((p) => p.ageCategory as 'adult'),
        prices,
      );
      expect(r.lateFeeApplied).toBe(isLate(r.createdAt, lateFeeAfter, timeZone));
      const amounts = computeAmounts(base, { ...r, discountPercentage: Number(r.discountPercentage) }, lateFeeCents);
      expect({ base: r.baseAmountCents, late: r.lateFeeCents, total: r.totalAmountCents }).toEqual({
        base: amounts.baseCents,
        late: amounts.lateFeeCents,
        total: amounts.totalCents,
      });
      const rows = paymentsOf.get(r.id) ?? [];
      const paid = rows.reduce((s, p) => s + p.amountCents, 0);
      expect(r.paidAmountCents).toBe(paid);
      expect(r.paymentStatus).toBe(
        derivePaymentStatus(
          r.totalAmountCents,
          paid,
          rows.some((p) => p.amountCents < 0),
        ),
      );
      for (const p of rows) expect(p.createdAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
    }
    // the money screens have every case to show
    expect(regs.some((r) => r.waiveFees)).toBe(true);
    expect(regs.some((r) => Number(r.discountPercentage) > 0)).toBe(true);
    expect(regs.some((r) => r.fixedDiscountCents > 0)).toBe(true);
    expect(regs.some((r) => r.lateFeeApplied && r.removeLateFee)).toBe(true);
    expect(new Set(regs.map((r) => r.paymentStatus))).toEqual(new Set(['paid', 'partial', 'pending', 'refunded']));
    // registrations span the year, on both sides of the late-fee date
    const created = regs.map((r) => r.createdAt.toISOString().slice(0, 10)).sort();
    expect(created[0] < lateFeeAfter && created[created.length - 1] > lateFeeAfter).toBe(true);
    expect(created[0] >= '2025-01-01' && created[created.length - 1] <= '2025-10-31').toBe(true);
  });

  it('has arrival and departure flights in the window on real airlines, sized to each party', () => {
    const { min, max } = t.config.event.flightWindow;
    expect(legs.length).toBeGreaterThan(150);
    expect(demo.flights).toBe(legs.length);
    for (const f of legs) {
      expect(f.flightDate! >= min && f.flightDate! <= max, f.flightDate!).toBe(true);
      expect(AIRLINES).toContain(f.airline);
      expect(f.airline).not.toBe('Other');
      expect(f.flightNumber).toMatch(/^[A-Z0-9]{2}\d{2,4}$/);
      expect(f.flightTime).toMatch(/^\d{2}:\d{2}:00$/);
    }
    const arrivals = legs.filter((f) => f.flightType === 'arrival');
    const departures = legs.filter((f) => f.flightType === 'departure');
    expect(arrivals.length).toBe(departures.length);
    const peak = arrivals.filter((f) => f.flightDate === '2025-11-26' || f.flightDate === '2025-11-27');
    expect(peak.length / arrivals.length).toBeGreaterThan(0.6);
    // families share flights, so there are fewer flights than rows
    expect(new Set(arrivals.map((f) => `${f.airline}|${f.flightNumber}|${f.flightDate}`)).size).toBeLessThan(arrivals.length);
    // everyone in a party arrives and leaves, on one flight or split over several
    const partyOf = byReg(people);
    for (const [regId, own] of byReg(legs)) {
      const size = partyOf.get(regId)!.length;
      for (const type of ['arrival', 'departure']) {
        const seated = own.filter((f) => f.flightType === type).reduce((s, f) => s + f.adultsCount + f.childrenCount, 0);
        expect(seated).toBe(size);
      }
    }
    const reg = new Map(regs.map((r) => [r.id, r]));
    for (const f of legs) expect(['active', 'pending']).toContain(reg.get(f.registrationId)!.status);
    // most need a ride; a few have been picked up already, with who and when
    expect(arrivals.filter((f) => f.needsTransportation).length / arrivals.length).toBeGreaterThan(0.7);
    const picked = arrivals.filter((f) => f.pickedUp);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.length).toBeLessThan(arrivals.length / 3);
    for (const f of picked) {
      expect(f.needsTransportation).toBe(true);
      expect(f.pickedUpAt).toBeInstanceOf(Date);
      expect(f.pickedUpBy).toBe('Demo Greeter');
    }
    expect(departures.every((f) => !f.pickedUp)).toBe(true);
  });

  it('has a rooming list: most bookings matched and copied to the registration, some left to match', () => {
    const reg = new Map(regs.map((r) => [r.id, r]));
    const matched = rooms.filter((h) => h.registrationId !== null);
    const unmatched = rooms.filter((h) => h.registrationId === null);
    expect(matched.length).toBeGreaterThan(60);
    expect(unmatched.length).toBeGreaterThanOrEqual(10);
    expect(unmatched.length).toBeLessThanOrEqual(20);
    expect(demo.unmatchedHotelAssignments).toBe(unmatched.length);
    for (const h of matched) {
      const r = reg.get(h.registrationId!)!;
      expect(h.matchedAt).toBeInstanceOf(Date);
      expect({
        confirmation: r.hotelConfirmationNumber,
        room: r.hotelRoomNumber,
        type: r.hotelRoomType,
        checkIn: r.hotelCheckInDate,
        checkOut: r.hotelCheckOutDate,
        nights: r.hotelNights,
        guest: r.hotelGuestName,
      }).toEqual({
        confirmation: h.confirmationNumber,
        room: h.roomNumber,
        type: h.roomType,
        checkIn: h.checkInDate,
        checkOut: h.checkOutDate,
        nights: h.nights,
        guest: h.guestName,
      });
    }
    expect(new Set(rooms.map((h) => h.confirmationNumber)).size).toBe(rooms.length);
    expect(regs.filter((r) => r.hotelConfirmationNumber).length).toBe(matched.length);
    // "Find Match" has something to find: unmatched guest names sharing a word with a registrant's name
    const words = (s: string) =>
      normalizeSearch(s)
        .split(/[ ,.]+/)
        .filter((w) => w.length > 2);
    const names = new Set(regs.flatMap((r) => words(`${r.primaryFirstName} ${r.primaryLastName}`)));
    const findable = unmatched.filter((h) => words(h.guestName).some((w) => names.has(w)));
    expect(findable.length).toBeGreaterThanOrEqual(5);
    expect(findable.length).toBeLessThan(unmatched.length);
  });

  it('creates the demo admin, greeter and check-in staff, who can sign in', async () => {
    expect(demo.admin).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    const staff = await t.db.select().from(users);
    expect(staff.map((u) => [u.email, u.role]).sort()).toEqual([
      ['admin@reunion.local', 'admin'],
      ['checkin@reunion.local', 'checkin'],
      ['greeter@reunion.local', 'greeter'],
    ]);
    for (const account of [DEMO_ADMIN, DEMO_GREETER, DEMO_CHECKIN]) {
      const res = await t.api('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
      expect(res.status).toBe(200);
    }
  });

  it('has parties already checked in at the desk, and others with a balance still to take', () => {
    const active = new Set(regs.filter((r) => r.status === 'active').map((r) => r.id));
    const checkedIn = people.filter((p) => p.checkedIn);
    expect(checkedIn.length).toBeGreaterThan(10);
    expect(checkedIn.every((p) => active.has(p.registrationId) && p.checkedInAt! < new Date() && p.checkedInBy === 'Demo Desk')).toBe(true);
    const waiting = regs.filter(
      (r) => active.has(r.id) && r.totalAmountCents > r.paidAmountCents && !checkedIn.some((p) => p.registrationId === r.id),
    );
    expect(waiting.length).toBeGreaterThan(10);
  });

  it('is the same event every time (seeded), apart from registration numbers', async () => {
    const staff = { adminId: 1, greeterId: 2, greeterName: 'Demo Greeter' };
    const names = (plan: ReturnType<typeof planDemoEvent>) =>
      plan.planned.map((p) => `${p.reg.primaryFirstName} ${p.reg.primaryLastName} <${p.reg.primaryEmail}> ${p.flights.length}`);
    const again = planDemoEvent(t.config.event, 'normal', staff);
    expect(names(again)).toEqual(
      regs.map(
        (r) => `${r.primaryFirstName} ${r.primaryLastName} <${r.primaryEmail}> ${legs.filter((f) => f.registrationId === r.id).length}`,
      ),
    );
  });
});

describe('demo event (large size)', () => {
  it('plans 2,000 registrations with about 6,000 attendees and 5,000 flights', () => {
    const plan = planDemoEvent(t.config.event, 'large', { adminId: 1, greeterId: 2, greeterName: 'Demo Greeter' });
    expect(plan.planned).toHaveLength(2000);
    const attendeeCount = plan.planned.reduce((s, p) => s + p.people.length, 0);
    const flightCount = plan.planned.reduce((s, p) => s + p.flights.length, 0);
    expect(attendeeCount).toBeGreaterThan(5500);
    expect(attendeeCount).toBeLessThan(6500);
    expect(flightCount).toBeGreaterThan(4300);
    expect(flightCount).toBeLessThan(5700);
    expect(new Set(plan.planned.map((p) => p.reg.primaryEmail)).size).toBe(2000);
  });
});

describe('npm run seed:demo', () => {
  const ROOT = path.resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-seed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
      execFile(
        path.join(ROOT, 'node_modules/.bin/tsx'),
        ['scripts/seed-demo.ts', ...args],
        { cwd: ROOT, env, timeout: 120_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('seeds an empty embedded database once, prints the credentials, and refuses to seed it twice', { timeout: 180_000 }, async () => {
    const first = await run();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/150 registrations, \d+ attendees, \d+ flights/);
    expect(first.stdout).toContain('Demo admin:  admin@reunion.local / reunion-admin');
    expect(first.stdout).toContain('Demo greeter:  greeter@reunion.local / reunion-greeter');
    const second = await run();
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toMatch(/^Error: The database already has 150 registrations and \d+ hotel bookings\. Use --force/);
    const badSize = await run('--size', 'huge');
    expect(badSize.code).toBe(1);
    expect(badSize.stderr.trim()).toBe("Error: --size must be normal or large (got 'huge')");
  });

  it('refuses while the server holds the embedded database', { timeout: 60_000 }, async () => {
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const lock = path.join(dir, 'pglite.lock');
      writeFileSync(lock, `${server.pid}\nserver\n`);
      const res = await run();
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`is in use by the server (pid ${server.pid}). Stop it first`);
      expect(readFileSync(lock, 'utf8')).toBe(`${server.pid}\nserver\n`);
    } finally {
      server.kill();
    }
  });
});
