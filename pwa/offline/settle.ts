/**
 * Recording the server's answer to an outbox op (called by the sync engine). Each function is one Dexie
 * transaction over the outbox and the cached data it touches, so an op leaves the outbox exactly when
 * its effect on the cache is final.
 *
 * An op that leaves the outbox leaves a receipt ('done', with the server's sentence) in the same
 * transaction, so the screen that queued it can learn its fate (op-outcome.ts).
 *
 *   acknowledged pickup   op removed; the server's state (applied, or stale: acknowledged but not applied)
 *                         is kept as `arrival.server` unless the cache already holds a newer version, and
 *                         shown unless another tap on the flight is still pending.
 *   acknowledged link     op removed; the booking leaves the cache; the registration takes the hotel
 *                         fields of the answer.
 *   refused (failed)      op kept as 'failed' with the server's sentence; what it showed is undone.
 *   conflict (409 link)   op kept as 'conflict'; the registration goes back to the server's hotel fields;
 *                         the booking stays out of the unmatched list until Keep server / Retry.
 *   retry later           the error (and attempts + 1 unless it never left the device), op stays pending in its place.
 *
 * A batch of pickup answers (POST /flight-pickups/batch) is recorded in one transaction (settlePickupBatch).
 */
import type { AppDB } from './db';
import { newerServerState } from './downloads';
import { dropBooking, settleRegistrationHotel, showLatestTap, showLatestTaps, unhideBooking } from './cache-effects';
import { hotelFieldsOf } from './hotel-fields';
import { noteOverride, writeReceipt } from './op-outcome';
import { overriddenPickupText, yourTap } from './sync-text';
import { showDesk } from './desk';
import { type HotelLinkOp, type HotelMatchResult, type OutboxOp, type PickupOp, type PickupResult } from './types';

const tables = (db: AppDB) => [db.outbox, db.receipts, db.arrivals, db.hotelAssignments, db.registrations, db.candidates, db.meta];

/**
 * Removes the op if it is still there (the user may have discarded it while it was in flight) and
 * receipts it as done: the server applied it, whatever was decided here meanwhile.
 */
async function removeOp(db: AppDB, op: OutboxOp, message: string | null): Promise<void> {
  await db.outbox.where('opId').equals(op.opId).delete();
  await writeReceipt(db, op, 'done', { message });
}

const answerMessage = (answer: unknown): string | null => {
  const m = (answer as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : null;
};

/**
 * An acknowledged pickup: the op leaves, the cache keeps the server's state (not yet shown:
 * showLatestTaps). A stale answer that differs from the tap means a later tap on another device won:
 * the greeter is told, in the sync panel, until they have read it.
 */
async function takePickupAnswer(db: AppDB, op: PickupOp, answer: PickupResult): Promise<void> {
  await removeOp(db, op, answerMessage(answer));
  const arrival = await db.arrivals.get(op.payload.flightId);
  if (!arrival) return;
  if (answer.stale && answer.picked_up !== op.payload.picked_up) {
    const text = overriddenPickupText({
      tappedAt: op.clientTime,
      pickedUp: op.payload.picked_up,
      name: arrival.primaryContactName,
      nowPickedUp: answer.picked_up,
      by: answer.pickup_changed_by,
      at: answer.pickup_tap_at,
    });
    await noteOverride(db, op.opId, text);
  }
  const answered = {
    picked_up: answer.picked_up,
    picked_up_at: answer.picked_up_at,
    picked_up_by: answer.picked_up_by,
    version: typeof answer.version === 'number' ? answer.version : arrival.server.version,
    device: answer.pickup_device,
    tap_at: answer.pickup_tap_at,
  };
  await db.arrivals.put({ ...arrival, server: newerServerState(answered, arrival.server) });
}

/**
 * A pickup of a flight the server no longer has (404: the family removed it, or no longer needs
 * transportation): sending it again cannot help, so it leaves the outbox and the greeter is told, as
 * when another device's tap won, rather than shown a failure whose Retry does nothing.
 */
async function takeGonePickup(db: AppDB, op: PickupOp): Promise<void> {
  await removeOp(db, op, FLIGHT_GONE);
  const arrival = await db.arrivals.get(op.payload.flightId);
  const yours = yourTap(op.clientTime, op.payload.picked_up, arrival?.primaryContactName ?? op.label);
  await noteOverride(db, op.opId, `${yours} was not recorded: ${FLIGHT_GONE}`);
}

const FLIGHT_GONE = 'the family removed that flight, or no longer needs transportation';

/** A pickup the server answered 404 for (takeGonePickup). */
export async function settleGonePickup(db: AppDB, op: PickupOp): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    await takeGonePickup(db, op);
    await showLatestTap(db, op.payload.flightId);
  });
}

export async function settlePickup(db: AppDB, op: PickupOp, answer: PickupResult): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    await takePickupAnswer(db, op, answer);
    await showLatestTap(db, op.payload.flightId);
  });
}

/** A link's answer (parsed against its schema): the booking leaves the list, the registration takes the server's hotel fields. */
export async function settleHotelLink(db: AppDB, op: HotelLinkOp, answer: HotelMatchResult): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    await removeOp(db, op, answerMessage(answer));
    await dropBooking(db, op.payload.assignmentId);
    if (answer.registration) await settleRegistrationHotel(db, op, hotelFieldsOf(answer.registration));
    else {
      // no registration in the answer: what the link showed is what the server copied; just end the undo marker
      const reg = await db.registrations.get(op.payload.registrationId);
      if (reg?.pendingHotel?.opId === op.opId) await db.registrations.put({ ...reg, pendingHotel: null });
    }
  });
}

/** Marks an op refused for good ('failed') or in conflict; undefined when it is no longer in the outbox. */
async function markRefused(db: AppDB, op: OutboxOp, state: 'failed' | 'conflict', message: string): Promise<OutboxOp | undefined> {
  const stored = await db.outbox.where('opId').equals(op.opId).first();
  if (!stored) return undefined;
  await db.outbox.put({ ...stored, state, lastError: message, attempts: stored.attempts + 1 });
  return stored;
}

/** Marks an op refused for good ('failed') or in conflict, and undoes what it showed. */
export async function refuseOp(db: AppDB, op: OutboxOp, state: 'failed' | 'conflict', message: string): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    const stored = await markRefused(db, op, state, message);
    if (!stored) return;
    if (stored.kind === 'pickup') await showLatestTap(db, stored.payload.flightId);
    else if (stored.kind === 'check-in' || stored.kind === 'payment') await showDesk(db, stored.payload.registrationId);
    else {
      if (state === 'failed') await unhideBooking(db, stored);
      await settleRegistrationHotel(db, stored);
    }
  });
}

/** What the server said about one op of a batch: applied (its answer), refused for good, or "try again". */
export type PickupVerdict =
  | { op: PickupOp; outcome: 'done'; answer: PickupResult }
  | { op: PickupOp; outcome: 'gone' }
  | { op: PickupOp; outcome: 'failed' | 'retry'; message: string; reached?: boolean };

/**
 * Records a whole batch of pickup answers in ONE transaction (each as settlePickup / refuseOp /
 * noteAttempt would), so the screen's live queries run once per batch instead of once per op, and what
 * the flights show is worked out once at the end (one read of the outbox, not one per op).
 */
export async function settlePickupBatch(db: AppDB, verdicts: readonly PickupVerdict[]): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    const shown: number[] = [];
    for (const v of verdicts) {
      if (v.outcome === 'retry') {
        await noteAttempt(db, v.op, v.message, v.reached);
        continue;
      }
      if (v.outcome === 'done') await takePickupAnswer(db, v.op, v.answer);
      else if (v.outcome === 'gone') await takeGonePickup(db, v.op);
      else await markRefused(db, v.op, 'failed', v.message);
      shown.push(v.op.payload.flightId);
    }
    await showLatestTaps(db, shown);
  });
}

/**
 * Records why an op will be retried (network error, 5xx, 429). Its attempts count only the sends that
 * may have reached the server (`reached`; not one made while the device was offline), so an op with none
 * is known never to have left this device (sync-text.ts discardQuestion).
 */
export async function noteAttempt(db: AppDB, op: OutboxOp, message: string, reached = true): Promise<void> {
  await db.outbox
    .where('opId')
    .equals(op.opId)
    .modify((o) => {
      if (reached) o.attempts += 1;
      o.lastError = message;
    });
}
