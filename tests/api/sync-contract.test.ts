/**
 * The server keeps the contract the devices parse (shared/schemas/records.ts): every page of every
 * offline feed, over the whole demo event (paid, cancelled, hotel-linked, picked-up parties), and a
 * pickup's and a hotel link's answers fit the shared schemas exactly as a device reads them. A field the server sends in
 * another shape (a missing list) fails here, not on a phone at the airport. Devices read an amount
 * sent as text too (older data, other backends), so the server's own amounts are checked to be numbers.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { seedDemo } from '../../server/seed/demo';
import { arrivalsSyncPageSchema, hotelSyncPageSchema, pickupResultSchema, registrationsSyncPageSchema } from '../../shared/schemas/records';
import { hotelLinkAnswerSchema } from '../../shared/schemas/answers';
import { createTestApp } from '../helpers/app';

const t = await createTestApp();
await seedDemo(t.db, t.config, { size: 'normal' });
const admin = await t.makeUser('admin');

function fits(schema: z.ZodMiniType, body: unknown) {
  const result = schema.safeParse(body);
  expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([]);
}

async function everyPage(feed: string, schema: z.ZodMiniType, rowsKey: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  let since = 0;
  for (let i = 0; i < 50; i++) {
    const res = await t.api('GET', `/api/sync/${feed}?since=${since}&limit=40`, { token: admin.token });
    expect(res.status).toBe(200);
    fits(schema, res.body);
    rows.push(...res.body[rowsKey]);
    since = res.body.cursor;
    if (!res.body.hasMore) break;
  }
  return rows;
}

describe('the offline feeds keep the shared contract', () => {
  it('arrivals, hotel bookings and registrations: every page fits its schema', async () => {
    expect((await everyPage('arrivals', arrivalsSyncPageSchema, 'arrivals')).length).toBeGreaterThan(50);
    expect((await everyPage('hotel', hotelSyncPageSchema, 'assignments')).length).toBeGreaterThan(0);
    const registrations = await everyPage('registrations', registrationsSyncPageSchema, 'registrations');
    expect(registrations.length).toBeGreaterThan(100);
    const amounts = ['total_amount', 'base_amount', 'paid_amount', 'balance_due', 'discount_percentage', 'fixed_discount_amount'];
    const notNumbers = registrations.flatMap((r) =>
      amounts
        .filter((k) => k in (r as object) && typeof (r as Record<string, unknown>)[k] !== 'number')
        .map((k) => `${k} of ${(r as { id: number }).id}`),
    );
    expect(notNumbers).toEqual([]);
  });

  it("a pickup's answer fits the schema the device settles it with", async () => {
    const page = await t.api('GET', '/api/sync/arrivals?limit=1', { token: admin.token });
    const flightId = page.body.arrivals[0].id;
    const res = await t.api('POST', `/api/flight-info/admin/flight-pickups/${flightId}`, {
      token: admin.token,
      body: { picked_up: true },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(200);
    fits(pickupResultSchema, res.body);
  });

  it("a hotel link's answer fits the schema the device settles it with", async () => {
    const page = await t.api('GET', '/api/hotel-assignments/unmatched?limit=1', { token: admin.token });
    expect(page.status).toBe(200);
    const booking = page.body.assignments[0];
    const list = await t.api('GET', '/api/registrations?limit=1', { token: admin.token });
    const res = await t.api('POST', `/api/hotel-assignments/${booking.id}/match`, {
      token: admin.token,
      body: { registrationId: list.body.registrations[0].id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(200);
    fits(hotelLinkAnswerSchema, res.body);
  });
});
