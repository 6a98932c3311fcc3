import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { queuePickup } from '../../pwa/offline/outbox';
import { queryArrivals } from '../../pwa/offline/queries';
import { keepUnchanged, sameData } from '../../pwa/offline/stable-rows';
import { arrivalRow, freshDb, seedArrivals } from './fixtures';

// What makes a pickup tick redraw one row instead of all of them : the live query's next
// answer keeps the previous objects of every row that did not change.
describe('stable rows between live-query answers', () => {
  it('after a pickup tick only the ticked arrival is a new object', async () => {
    const db = freshDb();
    await seedArrivals(
      db,
      Array.from({ length: 50 }, (_, i) => arrivalRow({ id: i + 1, flightTime: `${String(8 + (i % 10)).padStart(2, '0')}:00` })),
    );
    const first = await queryArrivals(db);
    const again = await queryArrivals(db);
    // IndexedDB hands out fresh objects every read: that is what memo() alone cannot see through
    expect(again[0]).not.toBe(first[0]);
    expect(keepUnchanged(first, again)).toBe(first);

    await queuePickup(db, { flightId: 7, pickedUp: true, actorName: 'Bo Greer' });
    const after = keepUnchanged(first, await queryArrivals(db));
    expect(after).not.toBe(first);
    const changed = after.filter((row) => !first.includes(row));
    expect(changed.map((r) => [r.id, r.picked_up, r.pendingSync])).toEqual([[7, true, true]]);
    expect(after).toHaveLength(50);
  });

  it('a row that left or joined the list, or moved, makes a new array; equal rows keep their objects', () => {
    const a = { id: 1, names: ['Ana'], server: { v: 1 } };
    const b = { id: 2, names: ['Bo'], server: { v: 1 } };
    const moved = keepUnchanged(
      [a, b],
      [
        { ...b, names: ['Bo'] },
        { ...a, server: { v: 1 } },
      ],
    );
    expect(moved).toEqual([b, a]);
    expect(moved[0]).toBe(b);
    expect(moved[1]).toBe(a);
    const shorter = keepUnchanged([a, b], [{ ...a }]);
    expect(shorter).toHaveLength(1);
    expect(shorter[0]).toBe(a);
  });

  it('compares nested data by value', () => {
    expect(sameData({ x: [1, { y: null }] }, { x: [1, { y: null }] })).toBe(true);
    expect(sameData({ x: [1, { y: null }] }, { x: [1, { y: 0 }] })).toBe(false);
    expect(sameData({ x: 1 }, { x: 1, y: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData('a', 'a')).toBe(true);
  });
});
