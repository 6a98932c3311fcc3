/**
 * The device's own copy of what staff need with no signal (docs/architecture.md#offline-layer), in IndexedDB
 * through Dexie. What is stored where, and why:
 *
 *   arrivals          flight id → the arrival row of GET /api/sync/arrivals (flight, contact, attendee
 *                     names, hotel) + `server` (the server's pickup state beside the shown one). Greeters
 *                     and admins: the arrivals screen reads only this.
 *   registrations     registration id → the registration with attendees and flights (admins only; the
 *                     list screen and the details views read this; greeters' phones never get it).
 *   hotelAssignments  assignment id → an unmatched booking (admins). A queued link hides the row
 *                     (`hiddenByOp`) instead of deleting it, so undoing the link needs no network.
 *   candidates        assignment id → ranked candidate registrations for that booking.
 *   outbox            the changes made here that the server has not acknowledged, in tap order (`seq`).
 *   receipts          opId → what became of an op that left the outbox (done, discarded, retried), kept
 *                     a day so a screen learns the fate of the op it queued (op-outcome.ts).
 *   meta              cursors per feed (the server's, never this device's clock), the measured offset
 *                     to the server clock, the time of the last sync, this device's id, and whose data
 *                     this is (owner.ts).
 *
 * Personal data lives here only between sign-in and sign-out, and only for the user who downloaded it:
 * clearLocalData (local-data.ts) empties every table but the device id once the outbox is empty, and a
 * different user signing in finds the cache emptied first (owner.ts). Every schema change is a new version below;
 * old versions stay so that a phone still holding an older database upgrades in place, with its outbox.
 */
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type {
  CachedArrival,
  CachedCandidates,
  CachedHotelAssignment,
  CachedRegistration,
  MetaKey,
  OpReceipt,
  MetaRow,
  MetaValues,
  OutboxOp,
} from './types';

export const DEFAULT_DB_NAME = 'reunion-desk';

/** Schema history. Never edit a published version's stores; add a new version instead. */
export const SCHEMA = {
  /** The first schema: the greeter's arrivals, the outbox and meta. */
  1: {
    arrivals: 'id, flightDate, registrationId',
    outbox: '++seq, &opId, state',
    meta: 'key',
  },
  /**
   * Adds the admin caches (registrations, unmatched bookings and their candidates), an index to list
   * arrivals by date and time (`sortKey`), the server's pickup state beside the shown one (`server`),
   * and the op kind on the outbox.
   */
  2: {
    arrivals: 'id, sortKey, flightDate, registrationId',
    registrations: 'id, &registration_number, version',
    hotelAssignments: 'id, version',
    candidates: 'assignmentId',
    outbox: '++seq, &opId, state, kind',
    meta: 'key',
  },
  /** Adds the receipts of ops that left the outbox (op-outcome.ts); `at` to prune old ones. */
  3: {
    arrivals: 'id, sortKey, flightDate, registrationId',
    registrations: 'id, &registration_number, version',
    hotelAssignments: 'id, version',
    candidates: 'assignmentId',
    outbox: '++seq, &opId, state, kind',
    receipts: 'opId, at',
    meta: 'key',
  },
} as const;

export const CURRENT_VERSION = 3;

/** 'YYYY-MM-DDTHH:MM' of an arrival; unknown dates and times sort last (IndexedDB cannot index null). */
export function arrivalSortKey(a: { flightDate: string | null; flightTime: string | null }): string {
  return `${a.flightDate ?? '9999-12-31'}T${(a.flightTime ?? '99:99').slice(0, 5)}`;
}

export class AppDB extends Dexie {
  arrivals!: EntityTable<CachedArrival, 'id'>;
  registrations!: EntityTable<CachedRegistration, 'id'>;
  hotelAssignments!: EntityTable<CachedHotelAssignment, 'id'>;
  candidates!: EntityTable<CachedCandidates, 'assignmentId'>;
  outbox!: Table<OutboxOp, number>;
  receipts!: EntityTable<OpReceipt, 'opId'>;
  meta!: Table<MetaRow, MetaKey>;

  constructor(name: string = DEFAULT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(SCHEMA[1]);
    this.version(2)
      .stores(SCHEMA[2])
      .upgrade((tx) => upgradeTo2(tx));
    // a new table only: nothing to convert
    this.version(3).stores(SCHEMA[3]);
  }

  /** A meta value, or undefined. */
  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    const row = await this.meta.get(key);
    return row?.value as MetaValues[K] | undefined;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value } as MetaRow);
  }
}

/** v1 → v2: arrivals get their sort key and a copy of the pickup state as the server's. */
async function upgradeTo2(tx: Transaction): Promise<void> {
  await tx
    .table('arrivals')
    .toCollection()
    .modify((a: CachedArrival) => {
      a.sortKey = arrivalSortKey(a);
      a.server ??= {
        picked_up: a.picked_up,
        picked_up_at: a.picked_up_at,
        picked_up_by: a.picked_up_by,
        version: a.version ?? 0,
      };
      a.hotelWarnings ??= [];
      a.hotel ??= null;
    });
  // v1 ops were all pickups (hotel links came with v2)
  await tx
    .table('outbox')
    .toCollection()
    .modify((op: OutboxOp) => {
      (op as { kind: string }).kind ??= 'pickup';
    });
}
