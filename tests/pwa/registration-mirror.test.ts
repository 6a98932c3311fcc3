/**
 * The desk's in-memory copy of every registration (pwa/offline/registration-mirror.ts): a tap re-reads
 * the one registration it wrote, not the whole table; a big download page re-reads the table once; a
 * removed row leaves; another owner's copy shows nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { queueCheckIn } from '../../pwa/offline/desk';
import { mutatedKeys } from '../../pwa/offline/mutated-keys';
import { claimDevice } from '../../pwa/offline/owner';
import { mirrorRegistrations } from '../../pwa/offline/registration-mirror';
import type { AppDB } from '../../pwa/offline/db';
import type { CachedRegistration } from '../../pwa/offline/types';
import { attendeeRow, freshDb, registrationRow, seedRegistrations } from './fixtures';

const DESK = { id: 5, name: 'Dana Desk', role: 'checkin' as const };

const party = (id: number) =>
  registrationRow({ id, attendees: [attendeeRow({ id: id * 10 + 1, registration_id: id, first_name: `First${id}` })] });

/** The mirror's answers, and how often it read the whole table. */
function watch(db: AppDB, owner: number | null, settleMs = 50) {
  const answers: CachedRegistration[][] = [];
  let wholeReads = 0;
  const toArray = db.registrations.toArray.bind(db.registrations);
  db.registrations.toArray = (() => {
    wholeReads += 1;
    return toArray();
  }) as typeof db.registrations.toArray;
  const stop = mirrorRegistrations(db, owner, (rows) => answers.push(rows), settleMs);
  stops.push(stop);
  return {
    answers,
    wholeReads: () => wholeReads,
    /** resolves with the first answer that passes `test` */
    until: async (test: (rows: CachedRegistration[]) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const last = answers.at(-1);
        if (last && test(last)) return last;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no such answer; last: ${JSON.stringify(answers.at(-1)?.map((r) => r.id))}`);
    },
  };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('the desk registration mirror', () => {
  it('a check-in re-reads only its registration, and the counter sees it', async () => {
    const db = freshDb();
    await claimDevice(db, DESK);
    await seedRegistrations(db, [party(1), party(2), party(3)]);
    const m = watch(db, DESK.id);
    await m.until((rows) => rows.length === 3);
    expect(m.wholeReads()).toBe(1);

    await queueCheckIn(db, { registrationId: 2, attendeeIds: [21], checkedIn: true, actorName: 'Dana Desk' });
    const rows = await m.until((r) => r.find((x) => x.id === 2)!.attendees[0].checked_in);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    await new Promise((r) => setTimeout(r, 100));
    expect(m.wholeReads()).toBe(1);
  });

  it('a download page of 60 re-reads the whole table once; a new row takes its place in id order; a deleted row leaves', async () => {
    const db = freshDb();
    await claimDevice(db, DESK);
    await seedRegistrations(db, [party(2), party(5)]);
    const m = watch(db, DESK.id);
    await m.until((rows) => rows.length === 2);

    await seedRegistrations(
      db,
      Array.from({ length: 60 }, (_, i) => party(100 + i)),
    );
    await m.until((rows) => rows.length === 62);
    expect(m.wholeReads()).toBe(2);

    await seedRegistrations(db, [party(3)]);
    expect((await m.until((rows) => rows.length === 63)).slice(0, 3).map((r) => r.id)).toEqual([2, 3, 5]);
    await db.registrations.delete(5);
    expect((await m.until((rows) => rows.length === 62)).slice(0, 2).map((r) => r.id)).toEqual([2, 3]);
    expect(m.wholeReads()).toBe(2);
  });

  it("shows nothing of another owner's copy", async () => {
    const db = freshDb();
    await claimDevice(db, DESK);
    await seedRegistrations(db, [party(1)]);
    const m = watch(db, 99);
    expect(await m.until(() => true)).toEqual([]);
  });

  it('reads the keys a write names; a range or too many keys mean the whole table; other tables are untouched', async () => {
    const db = freshDb();
    await db.open(); // opening a new database marks every table as changed
    const seen: ReturnType<typeof mutatedKeys>[] = [];
    const { Dexie } = await import('dexie');
    const listen = (parts: Parameters<typeof mutatedKeys>[0]) => seen.push(mutatedKeys(parts, db.name, 'registrations', 3));
    Dexie.on('storagemutated', listen);
    stops.push(() => Dexie.on('storagemutated').unsubscribe(listen));
    await db.registrations.bulkPut([party(4), party(9)].map((r) => ({ ...r, searchText: '' }) as CachedRegistration));
    await db.registrations.bulkPut([1, 2, 3, 4].map((id) => ({ ...party(id), searchText: '' }) as CachedRegistration));
    await db.registrations.where('id').between(1, 3).delete();
    await db.setMeta('deviceId', 'x');
    expect(seen.map((m) => (m.kind === 'keys' ? m.keys.sort() : m.kind))).toEqual([[4, 9], 'all', 'all', 'untouched']);
  });
});
