/**
 * Airport pickups (docs/product.md#rules, Pickups; docs/architecture.md#offline-layer: last tap wins).
 *
 * A pickup toggle is a last-writer-wins register ordered by the time of the tap, corrected by the phone
 * to the server's clock (the client sends it as `clientTime`). The flight keeps the tap time of the
 * toggle that set its current state in `pickup_tap_at`:
 *   1. a tap older than `pickup_tap_at` is stale: acknowledged, not applied, answered with the server's state;
 *   2. a tap equal to it with the same state is a duplicate delivery: nothing to write;
 *   3. otherwise the tap is written whole (state, who, which device, tap time, when it reached us), the
 *      row's sync version is bumped, and the change is audited.
 * Even a tap that leaves `picked_up` as it was moves `pickup_tap_at` forward, so an older toggle that
 * arrives later (an offline phone) cannot undo it.
 *
 * Toggles arrive one per request or up to 100 per batch (the offline outbox); both go through
 * recordPickups, which records each under its Idempotency-Key / opId (idempotency.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { flights } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { preparedPer } from '../../db/prepared';
import { isoOrNull } from '../../db/rows';
import { audit, auditRowsFrom, type Actor } from '../operations/audit';
import { recordFrom, rowsUnlessKeyTaken, runIdempotent, runOptimistic, type OpAnswer } from '../sync/idempotency';
import type { PickupResult } from '../../../shared/schemas/arrivals';
import { tapTime } from '../sync/tap-time';
import { staffName } from '../staff/staff-name';

export interface PickupToggle {
  picked_up: boolean;
  picked_up_by: string | null;
  /** ISO tap time, already corrected to the server clock; absent = now */
  clientTime?: string;
  deviceId?: string;
}

export interface PickupUser {
  id: number;
  firstName: string;
  lastName: string;
}

type FlightRow = typeof flights.$inferSelect;

function answer(f: FlightRow, changed: boolean, stale: boolean): PickupResult {
  return {
    id: f.id,
    picked_up: f.pickedUp,
    picked_up_at: f.pickedUpAt?.toISOString() ?? null,
    picked_up_by: f.pickedUpBy,
    picked_up_by_user_id: f.pickedUpByUserId,
    pickup_device: f.pickupDevice,
    pickup_tap_at: f.pickupTapAt?.toISOString() ?? null,
    pickup_received_at: f.pickupReceivedAt?.toISOString() ?? null,
    pickup_changed_by: f.pickupChangedBy,
    version: f.version,
    changed,
    stale,
    serverTime: new Date().toISOString(),
  };
}

const auditView = (f: FlightRow) => ({
  picked_up: f.pickedUp,
  picked_up_at: f.pickedUpAt?.toISOString() ?? null,
  picked_up_by: f.pickedUpBy,
  pickup_device: f.pickupDevice,
  pickup_tap_at: f.pickupTapAt?.toISOString() ?? null,
});

/** The arrival flights the ops touch, locked in id order (one statement; two batches never deadlock). */
export async function lockFlights(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, FlightRow>> {
  const unique = [...new Set(ids)];
  const rows = await tx.select().from(flights).where(inArray(flights.id, unique)).orderBy(flights.id).for('update');
  return new Map(rows.map((f) => [f.id, f]));
}

/** What a toggle writes to a flight (all but its sync version, which the database draws). */
type PickupWrite = Pick<
  FlightRow,
  | 'pickedUp'
  | 'pickedUpBy'
  | 'pickedUpByUserId'
  | 'pickedUpAt'
  | 'pickupDevice'
  | 'pickupTapAt'
  | 'pickupReceivedAt'
  | 'pickupChangedBy'
  | 'updatedAt'
>;

/**
 * What a toggle does to flight `f` (the rules at the top): a refusal is thrown before anything is
 * written; a stale or duplicate tap writes nothing; otherwise `write` is the row's new pickup state.
 */
function decidePickup(
  f: FlightRow | undefined,
  toggle: PickupToggle,
  user: PickupUser,
  earliest: Date,
  now: Date,
): { kind: 'stale' | 'duplicate' } | { kind: 'write'; write: PickupWrite } {
  if (!f || f.removedAt) throw notFound('Flight not found');
  if (f.flightType !== 'arrival') throw unprocessable('Pickups are recorded for arrival flights only');
  const tap = tapTime(toggle.clientTime, now, earliest);
  const current = f.pickupTapAt?.getTime();
  if (current !== undefined && current > tap.getTime()) return { kind: 'stale' };
  if (current === tap.getTime() && f.pickedUp === toggle.picked_up) return { kind: 'duplicate' };
  const name = staffName(user);
  const who = toggle.picked_up
    ? { pickedUp: true, pickedUpBy: toggle.picked_up_by ?? (name || 'Admin'), pickedUpByUserId: user.id, pickedUpAt: tap }
    : { pickedUp: false, pickedUpBy: null, pickedUpByUserId: null, pickedUpAt: null };
  return {
    kind: 'write',
    write: {
      ...who,
      pickupDevice: toggle.deviceId ?? null,
      pickupTapAt: tap,
      pickupReceivedAt: now,
      pickupChangedBy: name || null,
      updatedAt: now,
    },
  };
}

const pickupAction = (toggle: PickupToggle) => (toggle.picked_up ? 'flight.pickup' : 'flight.pickup_clear');

/**
 * Applies one pickup toggle to arrival flight `flightId` (call inside a transaction). `locked`: the rows
 * lockFlights already locked in this transaction (a batch locks them all at once); without it the flight
 * is locked here. `locked` then holds the row as written, for the next toggle of the same flight. A
 * refusal is thrown before anything is written.
 */
export async function applyPickup(
  tx: DbOrTx,
  flightId: number,
  toggle: PickupToggle,
  user: PickupUser,
  actor: Actor,
  earliest: Date,
  now = new Date(),
  locked?: Map<number, FlightRow>,
): Promise<PickupResult> {
  locked ??= await lockFlights(tx, [flightId]);
  const f = locked.get(flightId);
  const decided = decidePickup(f, toggle, user, earliest, now);
  if (decided.kind !== 'write') return answer(f!, false, decided.kind === 'stale');
  const [after] = await tx
    .update(flights)
    .set({ ...decided.write, version: sql`nextval('sync_version_seq')` })
    .where(eq(flights.id, flightId))
    .returning();
  locked.set(flightId, after);
  await audit(tx, actor, pickupAction(toggle), { type: 'flight', id: flightId }, auditView(f!), auditView(after));
  return answer(after, f!.pickedUp !== after.pickedUp, false);
}

/** One flight by id, for the single toggle's optimistic path (a prepared statement: server/db/prepared.ts). */
const flightById = preparedPer((db) =>
  db
    .select()
    .from(flights)
    .where(eq(flights.id, sql.placeholder('id')))
    .prepare('pickup_flight_by_id'),
);

/**
 * One toggle from the single route, without a transaction: the greeter's tap is the hottest write, and
 * a transaction costs it four round trips of its own (docs/quality.md "Performance"). The flight and the
 * key's record are read together; the toggle is decided on that row; then one statement writes the
 * flight (only if its version is still the one read), its audit row and the key's record, all or
 * nothing. A flight written meanwhile, or a key recorded meanwhile, sends it round again with fresh
 * reads, and after a few rounds (a flight toggled by many at once) it takes the batch's locking path.
 * A tap that writes nothing (stale, duplicate, refused) records only its answer under the key.
 */
export function recordPickup(db: Db, op: KeyedPickup, user: PickupUser, actor: Actor, earliest: Date): Promise<OpAnswer<PickupResult>> {
  const keyed = { key: op.key, userId: user.id, method: 'POST', path: op.request, body: op.toggle };
  return runOptimistic<PickupResult>(
    db,
    keyed,
    async () => {
      const [f] = await flightById(db).execute({ id: op.flightId });
      return () => {
        const now = new Date();
        const decided = decidePickup(f, op.toggle, user, earliest, now);
        if (decided.kind !== 'write') return { body: answer(f, false, decided.kind === 'stale') };
        const after: FlightRow = { ...f, ...decided.write };
        const body = answer(after, f.pickedUp !== after.pickedUp, false);
        const write = async () => {
          const [written] = await rowsUnlessKeyTaken<{ version: number | string }>(() =>
            db.execute(sql`
              with written as (
                update ${flights} set
                  picked_up = ${after.pickedUp}, picked_up_by = ${after.pickedUpBy},
                  picked_up_by_user_id = ${after.pickedUpByUserId}, picked_up_at = ${isoOrNull(after.pickedUpAt)}::timestamptz,
                  pickup_device = ${after.pickupDevice}, pickup_tap_at = ${isoOrNull(after.pickupTapAt)}::timestamptz,
                  pickup_received_at = ${isoOrNull(now)}::timestamptz, pickup_changed_by = ${after.pickupChangedBy},
                  updated_at = ${isoOrNull(now)}::timestamptz, version = nextval('sync_version_seq')
                where id = ${f.id} and version = ${f.version}
                returning id, version
              ),
              audited as (${auditRowsFrom('written', actor, pickupAction(op.toggle), 'flight', [{ id: f.id, before: auditView(f), after: auditView(after) }])}),
              recorded as (${recordFrom('written', keyed, 200, sql`${JSON.stringify(body)}::jsonb || jsonb_build_object('version', written.version)`)})
              select version from written`),
          );
          return written ? { ...body, version: Number(written.version) } : null;
        };
        return { body, write };
      };
    },
    async () => (await recordPickups(db, [op], user, actor, earliest))[0],
  );
}

export interface KeyedPickup {
  /** Idempotency-Key (the outbox op's opId), or undefined */
  key: string | undefined;
  /**
   * what the key stands for, with the body (idempotency.ts): the route gives the single route's path,
   * whichever route delivered the toggle, so a toggle answers the same by either route
   */
  request: string;
  flightId: number;
  /** the body of the single route, as its schema parsed it: its hash identifies the request */
  toggle: PickupToggle;
}

/**
 * Records pickup toggles (one from the single route, up to 100 from a batch) in one transaction: the
 * flights locked at once, each toggle applied by the last-tap-wins rule and recorded under its key
 * (idempotency.ts). A refused toggle answers its 4xx and does not stop the others; it writes nothing
 * before refusing, so no savepoint is needed.
 */
export function recordPickups(
  db: Db,
  ops: KeyedPickup[],
  user: PickupUser,
  actor: Actor,
  earliest: Date,
): Promise<OpAnswer<PickupResult>[]> {
  return runIdempotent(
    db,
    user.id,
    ops.map((op) => ({ key: op.key, method: 'POST', path: op.request, body: op.toggle, input: op })),
    {
      prepare: (tx, inputs) =>
        lockFlights(
          tx,
          inputs.map((op) => op.flightId),
        ),
      apply: async (tx, op, locked) => ({
        status: 200,
        body: await applyPickup(tx, op.flightId, op.toggle, user, actor, earliest, new Date(), locked),
      }),
    },
  );
}
