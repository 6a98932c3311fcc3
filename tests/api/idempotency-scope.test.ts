/**
 * Idempotency keys belong to the user who sent them: another user sending the same key gets an operation
 * of their own (applied, audited as theirs), never the first user's stored answer or a 422.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { auditLog } from '../../server/db/schema';

const t = await createTestApp();
const ana = await t.makeUser('greeter', { first_name: 'Ana' });
const ben = await t.makeUser('greeter', { first_name: 'Ben' });

const toggle = (token: string, flightId: number, key: string, picked: boolean) =>
  t.api('POST', `/api/flight-info/admin/flight-pickups/${flightId}`, {
    token,
    headers: { 'Idempotency-Key': key },
    body: { picked_up: picked, clientTime: new Date().toISOString(), deviceId: 'phone-1' },
  });

describe('Idempotency-Key scope', () => {
  it("another user's key with the same body is applied as that user's own request", async () => {
    const reg = await makeRegistration(t.db);
    const flight = await makeFlight(t.db, reg.id);
    const key = randomUUID();
    const body = { picked_up: true, clientTime: new Date().toISOString(), deviceId: 'phone-1' };
    const first = await t.api('POST', `/api/flight-info/admin/flight-pickups/${flight.id}`, {
      token: ana.token,
      headers: { 'Idempotency-Key': key },
      body,
    });
    expect(first.status).toBe(200);
    const second = await t.api('POST', `/api/flight-info/admin/flight-pickups/${flight.id}`, {
      token: ben.token,
      headers: { 'Idempotency-Key': key },
      body,
    });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    // Ana's own replay is still hers
    const replay = await t.api('POST', `/api/flight-info/admin/flight-pickups/${flight.id}`, {
      token: ana.token,
      headers: { 'Idempotency-Key': key },
      body,
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it("another user's key with another body is applied, not refused as a reused key", async () => {
    const reg = await makeRegistration(t.db);
    const flight = await makeFlight(t.db, reg.id);
    const key = randomUUID();
    expect((await toggle(ana.token, flight.id, key, true)).status).toBe(200);
    const undo = await toggle(ben.token, flight.id, key, false);
    expect(undo.status).toBe(200);
    expect(undo.body.picked_up).toBe(false);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'flight'), eq(auditLog.entityId, String(flight.id))));
    expect(audits.map((a) => a.actorUserId).sort()).toEqual([ana.id, ben.id].sort());
  });

  it('the batch endpoint scopes each op id by user too', async () => {
    const reg = await makeRegistration(t.db);
    const flight = await makeFlight(t.db, reg.id);
    const opId = randomUUID();
    const op = (picked: boolean) => ({
      ops: [{ opId, flightId: flight.id, picked_up: picked, clientTime: new Date().toISOString(), deviceId: 'phone-1' }],
    });
    const a = await t.api('POST', '/api/flight-info/admin/flight-pickups/batch', { token: ana.token, body: op(true) });
    expect(a.status).toBe(200);
    const b = await t.api('POST', '/api/flight-info/admin/flight-pickups/batch', { token: ben.token, body: op(false) });
    expect(b.status).toBe(200);
    expect(JSON.stringify(b.body)).not.toContain('already used');
    const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: ana.token });
    expect(board.body.arrivals.find((x: any) => x.id === flight.id).picked_up).toBe(false);
  });
});
