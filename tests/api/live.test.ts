/**
 * GET /api/live, the staff devices' push stream: a committed change to a feed the user downloads
 * arrives as `event: change` within moments, also when the change was made through another server
 * instance on the same database; the stream is for staff only, never cached or compressed, and ends at
 * once when its session is revoked (sign-out, disable) or its user's role changes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LiveHub } from '../../server/live/hub';
import { createTestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/db';
import { makeFlight, makeHotelAssignment, makeRegistration } from '../helpers/staff-fixtures';

const database = await freshDatabase();
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');

interface SseEvent {
  event: string;
  data: string;
}

/** Opens the stream and collects its events until closed. */
async function open(token: string, app = t.app) {
  const res = await app.request('/api/live', { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
  const events: SseEvent[] = [];
  let closed = false;
  const reader = res.body?.getReader();
  const done = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: end } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data });
      }
    }
    closed = true;
  })();
  const waitFor = async (test: () => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (!test() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return test();
  };
  return {
    res,
    events,
    changes: () => events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data)),
    isClosed: () => closed,
    waitFor,
    close: async () => {
      await reader?.cancel().catch(() => {});
      await done;
    },
  };
}

const pickup = (token: string, flightId: number) =>
  t.api('POST', `/api/flight-info/admin/flight-pickups/${flightId}`, {
    token,
    body: { picked_up: true, clientTime: new Date().toISOString(), deviceId: 'laptop-1' },
  });

describe('GET /api/live', () => {
  it('is for signed-in staff only', async () => {
    expect((await t.api('GET', '/api/live')).status).toBe(401);
    expect((await t.api('GET', '/api/live', { token: 'forged' })).status).toBe(401);
  });

  it('a greeter sees a pickup made on another device, uncompressed and never cached', async () => {
    const greeter = await t.makeUser('greeter');
    const flight = await makeFlight(t.db, (await makeRegistration(t.db)).id);
    const stream = await open(greeter.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    expect(stream.res.headers.get('cache-control')).toContain('no-store');
    expect(await stream.waitFor(() => stream.events.some((e) => e.event === 'ready'))).toBe(true);

    const started = Date.now();
    expect((await pickup(admin.token, flight.id)).status).toBe(200);
    expect(await stream.waitFor(() => stream.changes().some((c) => c.feed === 'arrivals'))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    const change = stream.changes().find((c) => c.feed === 'arrivals');
    expect(typeof change.cursor).toBe('number');
    await stream.close();
  });

  it("a greeter's stream carries only the greeter's feeds; an admin's carries hotel changes too", async () => {
    const greeter = await t.makeUser('greeter');
    const g = await open(greeter.token);
    const a = await open(admin.token);
    for (const s of [g, a]) expect(await s.waitFor(() => s.events.some((e) => e.event === 'ready'))).toBe(true);
    await makeHotelAssignment(t.db, { guestName: 'Live Guest' });
    expect(await a.waitFor(() => a.changes().some((c) => c.feed === 'hotel'))).toBe(true);
    // the greeter's stream is listening: an arrivals change made after the hotel's reaches it, the hotel's did not
    const flight = await makeFlight(t.db, (await makeRegistration(t.db)).id);
    expect((await pickup(admin.token, flight.id)).status).toBe(200);
    expect(await g.waitFor(() => g.changes().some((c) => c.feed === 'arrivals'))).toBe(true);
    expect(g.changes().some((c) => c.feed === 'hotel')).toBe(false);
    await Promise.all([g.close(), a.close()]);
  });

  it('a change made through another server instance on the same database reaches this one', async () => {
    const other = database.connectAgain();
    const live = new LiveHub(t.deps.log);
    await live.start(other);
    const otherApp = buildApp({ ...t.deps, database: other, live });
    afterAll(async () => {
      await live.stop();
      await other.close();
    });
    const greeter = await t.makeUser('greeter');
    const flight = await makeFlight(t.db, (await makeRegistration(t.db)).id);
    const here = await open(greeter.token);
    await here.waitFor(() => here.events.some((e) => e.event === 'ready'));
    const res = await otherApp.request(`/api/flight-info/admin/flight-pickups/${flight.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ picked_up: true, clientTime: new Date().toISOString(), deviceId: 'other-instance' }),
    });
    expect(res.status).toBe(200);
    expect(await here.waitFor(() => here.changes().some((c) => c.feed === 'arrivals'))).toBe(true);
    await here.close();
  });

  it('ends at once when the session signs out', async () => {
    const greeter = await t.makeUser('greeter');
    const stream = await open(greeter.token);
    await stream.waitFor(() => stream.events.some((e) => e.event === 'ready'));
    expect((await t.api('POST', '/api/auth/logout', { token: greeter.token })).status).toBe(200);
    expect(await stream.waitFor(() => stream.isClosed(), 2000)).toBe(true);
  });

  it('ends at once when an admin disables the user', async () => {
    const greeter = await t.makeUser('greeter');
    const stream = await open(greeter.token);
    await stream.waitFor(() => stream.events.some((e) => e.event === 'ready'));
    expect((await t.api('PUT', `/api/users/${greeter.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect(await stream.waitFor(() => stream.isClosed(), 2000)).toBe(true);
  });

  it("ends at once when an admin changes the user's role, and the next one carries the new role's feeds", async () => {
    const staff = await t.makeUser('admin');
    const stream = await open(staff.token);
    await stream.waitFor(() => stream.events.some((e) => e.event === 'ready'));
    expect((await t.api('PUT', `/api/users/${staff.id}`, { token: admin.token, body: { role: 'greeter' } })).status).toBe(200);
    expect(await stream.waitFor(() => stream.isClosed(), 2000)).toBe(true);
    const again = await open(staff.token); // the session lives on, with the new role
    await again.waitFor(() => again.events.some((e) => e.event === 'ready'));
    expect(JSON.parse(again.events.find((e) => e.event === 'ready')!.data)).toEqual({ feeds: ['arrivals'] });
    // a change of name alone leaves the stream open
    expect((await t.api('PUT', `/api/users/${staff.id}`, { token: admin.token, body: { first_name: 'Renamed' } })).status).toBe(200);
    expect(await again.waitFor(() => again.isClosed(), 500)).toBe(false);
    await again.close();
  });
});
