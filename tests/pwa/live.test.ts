/**
 * The device side of the live stream (pwa/offline/live.ts) against the real Hono app: it opens, a change
 * made elsewhere asks for a sync, and when the server goes away mid-stream (its streams end, as on a
 * restart) the device reconnects by itself and asks for a sync on reopening, so whatever changed while
 * it was disconnected is downloaded (by cursor) and nothing is missed. A revoked session ends it for good.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLive, type LiveStatus } from '../../pwa/offline/live';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';

const t = await createTestApp();
// fetch-event-source watches the page's visibility and uses the window's timers (stubbed only after the
// database started: PGlite takes a defined `window` for a browser)
vi.stubGlobal('window', { setTimeout, clearTimeout });
vi.stubGlobal('document', Object.assign(new EventTarget(), { hidden: false }));
// the first reconnection comes after a full-jitter backoff of at most 1 s: take its low end
vi.spyOn(Math, 'random').mockReturnValue(0.05);
const admin = await t.makeUser('admin');
const appFetch = ((input: RequestInfo | URL, init?: RequestInit) => t.app.request(String(input), init)) as typeof fetch;

const until = async (test: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return test();
};

function device(token: string) {
  const statuses: LiveStatus[] = [];
  const changes: (string | null)[] = [];
  const stop = startLive({ token, fetch: appFetch, onChange: (feed) => changes.push(feed), onStatus: (s) => statuses.push(s) });
  afterAll(stop);
  return { statuses, changes, stop, status: () => statuses.at(-1) };
}

const pickup = async (flightId: number) =>
  expect(
    (
      await t.api('POST', `/api/flight-info/admin/flight-pickups/${flightId}`, {
        token: admin.token,
        body: { picked_up: true, clientTime: new Date().toISOString(), deviceId: 'laptop' },
      })
    ).status,
  ).toBe(200);

describe('the live stream on a device', () => {
  it('opens, asks for a sync on opening and on every change of its feeds', async () => {
    const greeter = await t.makeUser('greeter');
    const d = device(greeter.token);
    expect(await until(() => d.status() === 'live')).toBe(true);
    expect(d.changes).toEqual([null]);
    await pickup((await makeFlight(t.db, (await makeRegistration(t.db)).id)).id);
    expect(await until(() => d.changes.includes('arrivals'))).toBe(true);
  });

  it('reconnects after the server drops every stream, and asks for a sync on reopening', async () => {
    const greeter = await t.makeUser('greeter');
    const d = device(greeter.token);
    expect(await until(() => d.status() === 'live')).toBe(true);
    // the server goes away: its streams end and it stops listening
    await t.deps.live.stop();
    expect(await until(() => d.status() === 'connecting')).toBe(true);
    const opensBefore = d.changes.filter((c) => c === null).length;
    // a change lands while the device is disconnected
    await pickup((await makeFlight(t.db, (await makeRegistration(t.db)).id)).id);
    // the server is back
    await t.deps.live.start(t.database);
    expect(await until(() => d.status() === 'live', 8000)).toBe(true);
    // reopening asks for a sync: the cycle downloads what changed meanwhile by cursor
    expect(d.changes.filter((c) => c === null).length).toBe(opensBefore + 1);
    await pickup((await makeFlight(t.db, (await makeRegistration(t.db)).id)).id);
    expect(await until(() => d.changes.filter((c) => c === 'arrivals').length > 0)).toBe(true);
  });

  it('a revoked session ends the stream for good (no reconnection loop), asking for one sync that meets the refusal at once', async () => {
    const greeter = await t.makeUser('greeter');
    const d = device(greeter.token);
    expect(await until(() => d.status() === 'live')).toBe(true);
    const asked = d.changes.length;
    await t.api('POST', '/api/auth/logout', { token: greeter.token });
    expect(await until(() => d.status() === 'off', 8000)).toBe(true);
    const seen = d.statuses.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(d.statuses.length).toBe(seen);
    expect(d.changes.slice(asked)).toEqual([null]);
  });
});
