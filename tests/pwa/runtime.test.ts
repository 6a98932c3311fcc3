/**
 * The app's offline runtime (pwa/offline/runtime.ts) across sign-ins on one device: the screens get the
 * cached data only once the owner check ran for the signed-in user; a different user's sign-in empties
 * the copy but sends the previous user's unsent tap under their name; the same user keeps everything.
 */
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { listOps, queuePickup } from '../../pwa/offline/outbox';
import { queryArrivals } from '../../pwa/offline/queries';
import {
  actorName,
  claimForSignIn,
  clearLocalData,
  currentAuthor,
  getAppDb,
  getOpOutcome,
  getSessionOwner,
  startSync,
  stopSync,
  syncNow,
  waitForOp,
  type SyncUser,
} from '../../pwa/offline/runtime';
import { arrivalRow, fakeServer, pickupAnswer } from './fixtures';

const ANA: SyncUser = { id: 7, firstName: 'Ana', lastName: 'Lima', role: 'greeter' };
const BO: SyncUser = { id: 8, firstName: 'Bo', lastName: 'Greer', role: 'greeter' };

function server() {
  return fakeServer({
    'POST /flight-info/admin/flight-pickups/': (req) => {
      const body = req.body as { picked_up: boolean; picked_up_by: string | null; clientTime: string };
      return {
        status: 200,
        body: pickupAnswer({
          id: Number(req.path.split('/').pop()),
          picked_up_by: body.picked_up_by,
          picked_up_at: body.clientTime,
          version: 500,
        }),
      };
    },
    'GET /sync/arrivals': () => ({
      status: 200,
      body: {
        arrivals: [arrivalRow({ id: 1, primaryContactName: 'Anh Nguyen' })],
        removed: [],
        cursor: 9,
        hasMore: false,
        serverTime: new Date().toISOString(),
      },
    }),
  });
}

afterAll(async () => {
  await clearLocalData({ force: true });
});

describe('sign-ins on one device', () => {
  it('shows the copy only after the owner check; a different user gets an empty copy and the kept tap is sent', async () => {
    const db = getAppDb();
    const s = server();
    const options = (user: SyncUser) => ({ getToken: () => 'token', onAuthRequired: () => {}, user, transport: s.transport });

    const starting = startSync(options(ANA));
    expect(getSessionOwner()).toBeNull(); // the check runs first: nothing cached is shown meanwhile
    expect(await starting).not.toBeNull();
    expect(getSessionOwner()).toBe(7);
    expect(await syncNow()).toBe('done');
    expect(await queryArrivals(db)).toHaveLength(1);

    // Ana ticks with no signal; her session ends before it is sent
    expect(actorName()).toBe('Ana Lima');
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: actorName(), madeBy: currentAuthor() });
    s.routes['POST /flight-info/admin/flight-pickups/'] = () => ({ status: 401, body: { error: 'Authentication required' } });
    expect(await syncNow()).toBe('auth');

    // Bo signs in on the same phone
    s.routes['POST /flight-info/admin/flight-pickups/'] = server().routes['POST /flight-info/admin/flight-pickups/'];
    expect(await claimForSignIn(BO)).toMatchObject({ kind: 'cleared', keptOps: 1, previous: { userId: 7, name: 'Ana Lima' } });
    expect(getSessionOwner()).toBeNull();
    expect(await db.arrivals.count()).toBe(0);
    expect((await listOps(db)).map((o) => o.opId)).toEqual([tap.opId]);

    await startSync(options(BO));
    expect(getSessionOwner()).toBe(8);
    expect(await waitForOp(tap.opId, { timeoutMs: 5_000 })).toMatchObject({ state: 'done' });
    const sent = s.opsSent().filter((r) => r.idempotencyKey === tap.opId);
    expect(sent.at(-1)?.body).toMatchObject({ picked_up: true, picked_up_by: 'Ana Lima' });
    expect(await listOps(db)).toEqual([]);
    // Bo's own copy, downloaded afresh
    await expect.poll(async () => (await queryArrivals(db)).length).toBe(1);
  });

  it('the same user signing in again keeps the copy and the unsent tap', async () => {
    const db = getAppDb();
    const s = server();
    s.routes['POST /flight-info/admin/flight-pickups/'] = () => ({ status: 503, body: { error: 'Service unavailable' } });
    await startSync({ getToken: () => 'token', onAuthRequired: () => {}, user: BO, transport: s.transport });
    const tap = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: actorName(), madeBy: currentAuthor() });
    expect(await syncNow()).toBe('retry');

    expect(await claimForSignIn(BO)).toEqual({ kind: 'kept' });
    expect(getSessionOwner()).toBe(8);
    expect(await db.arrivals.count()).toBe(1);
    expect(await getOpOutcome(tap.opId)).toMatchObject({ state: 'pending', lastError: 'Service unavailable' });
    await stopSync();
    expect(getSessionOwner()).toBeNull();
  });
});
