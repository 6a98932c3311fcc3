/**
 * A tap this device made that a later tap on another device overrode is not undone in silence: the
 * server's answer says the tap was stale, and the device keeps a sentence for the sync panel until it
 * is marked read. A tap the server applied, or a stale one that agrees with the server, leaves none.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { queuePickup } from '../../pwa/offline/outbox';
import { settlePickup } from '../../pwa/offline/settle';
import { formatClock } from '../../pwa/lib/format';
import { arrivalRow, freshDb, pickupAnswer, seedArrivals } from './fixtures';

const clock = (iso: string) => formatClock(new Date(iso)).replace(/ [AP]M$/, '');

describe('a tap overridden elsewhere', () => {
  it('leaves "Your 1:34 pickup of Ngozi Garcia was undone by Demo Admin at 1:36" until read', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, primaryContactName: 'Ngozi Garcia' })]);
    const tapped = Date.parse('2025-11-27T19:34:00.000Z');
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo Greer', now: () => tapped });
    const undoneAt = '2025-11-27T19:36:00.000Z';
    await settlePickup(
      db,
      op,
      pickupAnswer({
        id: 1,
        picked_up: false,
        picked_up_by: null,
        pickup_changed_by: 'Demo Admin',
        pickup_tap_at: undoneAt,
        stale: true,
        changed: false,
      }),
    );
    const notices = (await db.getMeta('overrides')) ?? [];
    expect(notices.map((n) => n.text)).toEqual([
      `Your ${clock(op.clientTime)} pickup of Ngozi Garcia was undone by Demo Admin at ${clock(undoneAt)}`,
    ]);
    expect((await db.arrivals.get(1))?.picked_up).toBe(false);
  });

  it('an applied tap, or a stale one the server agrees with, leaves no notice', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    const applied = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await settlePickup(db, applied, pickupAnswer({ id: 1, picked_up: true, stale: false }));
    const agreeing = await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    await settlePickup(db, agreeing, pickupAnswer({ id: 2, picked_up: true, stale: true, changed: false }));
    expect((await db.getMeta('overrides')) ?? []).toEqual([]);
  });
});
