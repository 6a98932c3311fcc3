import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDB, CURRENT_VERSION, SCHEMA } from '../../pwa/offline/db';
import { listOps } from '../../pwa/offline/outbox';
import { opOutcome } from '../../pwa/offline/op-outcome';
import { queryArrivals } from '../../pwa/offline/queries';
import { arrivalRow } from './fixtures';

describe('schema upgrade', () => {
  it('opens a version-1 database with data and an unsent tap, and keeps both under the current schema', async () => {
    const name = `test-${randomUUID()}`;
    // a phone that last ran the first schema: arrivals without sortKey/server, an op without kind
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA[1]);
    await v1
      .table('arrivals')
      .bulkAdd([
        arrivalRow({ id: 7, flightDate: '2025-11-28', flightTime: '09:15', picked_up: true, picked_up_by: 'Bo' }),
        arrivalRow({ id: 8, flightDate: '2025-11-27', flightTime: null }),
      ]);
    const legacyOp = {
      opId: randomUUID(),
      payload: { flightId: 7, picked_up: true, picked_up_by: 'Bo', deviceId: 'd1' },
      clientTime: '2025-11-28T15:20:00.000Z',
      createdAt: '2025-11-28T15:20:00.000Z',
      attempts: 2,
      lastError: 'Failed to fetch',
      state: 'pending',
      label: 'Picked up: UA 1234 – Nguyen family',
    };
    await v1.table('outbox').add(legacyOp);
    await v1.table('meta').put({ key: 'cursor:arrivals', value: '123' });
    v1.close();

    const db = new AppDB(name);
    await db.open();
    expect(db.verno).toBe(CURRENT_VERSION);
    const arrivals = await queryArrivals(db);
    // listed by the new sort key (date, then time; an unknown time last within its date)
    expect(arrivals.map((a) => [a.id, a.sortKey])).toEqual([
      [8, '2025-11-27T99:99'],
      [7, '2025-11-28T09:15'],
    ]);
    expect(arrivals.find((a) => a.id === 7)).toMatchObject({
      picked_up: true,
      picked_up_by: 'Bo',
      server: { picked_up: true, picked_up_by: 'Bo', version: 10 },
      pendingSync: true,
    });
    const ops = await listOps(db);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ opId: legacyOp.opId, kind: 'pickup', attempts: 2, state: 'pending' });
    expect(await db.getMeta('cursor:arrivals')).toBe('123');
    // the tables added in version 2 are there and usable
    expect(await db.registrations.count()).toBe(0);
    expect(await db.hotelAssignments.count()).toBe(0);
    db.close();
  });
});

describe('schema upgrade to version 3', () => {
  it('keeps a version-2 database with its copy and unsent ops, and adds the receipts', async () => {
    const name = `test-${randomUUID()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores(SCHEMA[1]);
    v2.version(2).stores(SCHEMA[2]);
    await v2.table('arrivals').add({
      ...arrivalRow({ id: 3 }),
      sortKey: '2025-11-27T14:30',
      server: { picked_up: false, picked_up_at: null, picked_up_by: null, version: 10 },
    });
    const op = {
      opId: randomUUID(),
      kind: 'pickup',
      payload: { flightId: 3, picked_up: true, picked_up_by: 'Bo', deviceId: 'd1' },
      clientTime: '2025-11-27T15:00:00.000Z',
      createdAt: '2025-11-27T15:00:00.000Z',
      attempts: 0,
      lastError: null,
      state: 'pending',
      label: 'Picked up: UA 1234 – Nguyen family',
    };
    await v2.table('outbox').add(op);
    v2.close();

    const db = new AppDB(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect((await queryArrivals(db)).map((a) => a.id)).toEqual([3]);
    expect(await listOps(db)).toMatchObject([{ opId: op.opId, state: 'pending' }]);
    expect(await opOutcome(db, op.opId)).toMatchObject({ state: 'pending' });
    expect(await db.receipts.count()).toBe(0);
    db.close();
  });
});
