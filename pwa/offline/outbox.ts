/**
 * The outbox: changes made on this device that the server has not acknowledged yet
 * (docs/architecture.md#offline-layer). Stored in the `outbox` table, in tap order (`seq`), as
 * `{ opId, kind, payload, clientTime, attempts, lastError, state }`; the opId is the Idempotency-Key.
 *
 * A change is written to the cached data and to the outbox in ONE Dexie transaction, so the screen (a
 * live query) shows it at once and a crash cannot keep one without the other. The sync engine
 * (sync-engine.ts) sends the ops; settle.ts records the answers. This file is what the screens call:
 * queue a tap or a link, and resolve what the server refused (Retry, Keep server, Discard).
 *
 * Each op records who made it (`madeBy`): if another user signs in on this device before it is sent, it
 * is still sent (nothing is lost), named after the one who tapped (owner.ts). An op that leaves the
 * outbox here leaves a receipt (op-outcome.ts), so the screen that queued it learns what became of it.
 */
import type { AppDB } from './db';
import { tapTimeIso } from './clock';
import { ensureDeviceId } from './device';
import { dropBooking, settleRegistrationHotel, showLatestTap, showLink, tapFields, unhideBooking } from './cache-effects';
import { writeReceipt } from './op-outcome';
import type { CachedArrival, HotelLinkOp, OpAuthor, OutboxOp, PickupOp } from './types';
import { OutboxError } from './outbox-error';
import { showDesk } from './desk';

export { OutboxError };

// ---- human text ----------------------------------------------------------------------------------

/** 'UA 1234' when the number carries its airline code, else 'United Airlines 1234'. */
export function flightLabel(a: { airline: string; flightNumber: string }): string {
  return /[a-z]/i.test(a.flightNumber) ? a.flightNumber : `${a.airline} ${a.flightNumber}`;
}

/** 'Nguyen family' from 'Anh Nguyen'. */
export function familyLabel(contactName: string): string {
  const last = contactName.trim().split(/\s+/).pop();
  return last ? `${last} family` : 'Unknown family';
}

/** 'Picked up: UA 1234 – Nguyen family' / 'Not picked up: …' */
export function pickupLabel(a: Pick<CachedArrival, 'airline' | 'flightNumber' | 'primaryContactName'>, pickedUp: boolean): string {
  return `${pickedUp ? 'Picked up' : 'Not picked up'}: ${flightLabel(a)} – ${familyLabel(a.primaryContactName)}`;
}

/** 'Hotel: Anh Nguyen (ABC123) → Anh Nguyen (R25-7KQ2XM)' */
export function hotelLinkLabel(guest: string, confirmation: string, primaryName: string, number: string): string {
  return `Hotel: ${guest} (${confirmation}) → ${primaryName} (${number})`;
}

// ---- queueing ------------------------------------------------------------------------------------

export interface QueuePickupInput {
  flightId: number;
  pickedUp: boolean;
  /** the signed-in user's name, shown as "picked up by" until the server answers */
  actorName: string | null;
  /** the signed-in user, recorded on the op (owner.ts) */
  madeBy?: OpAuthor | null;
  /** device clock (tests inject a skewed one) */
  now?: () => number;
}

/** Records a pickup tap: the cached arrival shows it and the op is queued, in one transaction. */
export async function queuePickup(db: AppDB, input: QueuePickupInput): Promise<PickupOp> {
  const now = input.now ?? Date.now;
  return db.transaction('rw', [db.arrivals, db.outbox, db.meta], async () => {
    const arrival = await db.arrivals.get(input.flightId);
    if (!arrival) throw new OutboxError('This arrival is not on this device. Sync, then try again.');
    const op: PickupOp = {
      opId: crypto.randomUUID(),
      kind: 'pickup',
      payload: {
        flightId: input.flightId,
        picked_up: input.pickedUp,
        picked_up_by: input.pickedUp ? input.actorName : null,
        deviceId: await ensureDeviceId(db),
      },
      clientTime: await tapTimeIso(db, [`flight:${input.flightId}`], now),
      createdAt: new Date(now()).toISOString(),
      attempts: 0,
      lastError: null,
      state: 'pending',
      label: pickupLabel(arrival, input.pickedUp),
      madeBy: input.madeBy ?? null,
    };
    await db.arrivals.put({ ...arrival, ...tapFields(op) });
    op.seq = await db.outbox.add(op);
    return op;
  });
}

/** The registration a booking is linked to (a search-matches / candidate row). */
export interface LinkTarget {
  id: number;
  registration_number: string;
  primary_first_name: string;
  primary_last_name: string;
}

export interface QueueHotelLinkInput {
  assignmentId: number;
  registration: LinkTarget;
  /** the signed-in user, recorded on the op (owner.ts) */
  madeBy?: OpAuthor | null;
  now?: () => number;
}

/** Records a hotel link: the booking leaves the unmatched list, the registration shows it, the op is queued. */
export async function queueHotelLink(db: AppDB, input: QueueHotelLinkInput): Promise<HotelLinkOp> {
  const now = input.now ?? Date.now;
  const tables = [db.hotelAssignments, db.registrations, db.arrivals, db.outbox, db.meta];
  return db.transaction('rw', tables, async () => {
    const booking = await db.hotelAssignments.get(input.assignmentId);
    if (!booking) throw new OutboxError('This booking is not on this device. Sync, then try again.');
    if (booking.hiddenByOp) throw new OutboxError('This booking is already being linked.');
    const { hiddenByOp: _h, ...assignment } = booking;
    const r = input.registration;
    const primaryName = `${r.primary_first_name} ${r.primary_last_name}`.trim();
    const op: HotelLinkOp = {
      opId: crypto.randomUUID(),
      kind: 'hotel-link',
      payload: {
        assignmentId: booking.id,
        registrationId: r.id,
        assignment,
        registrationNumber: r.registration_number,
        primaryName,
      },
      clientTime: await tapTimeIso(db, [`booking:${booking.id}`], now),
      createdAt: new Date(now()).toISOString(),
      attempts: 0,
      lastError: null,
      state: 'pending',
      label: hotelLinkLabel(booking.guest_name, booking.confirmation_number, primaryName, r.registration_number),
      madeBy: input.madeBy ?? null,
    };
    op.seq = await db.outbox.add(op);
    await showLink(db, op);
    return op;
  });
}

// ---- reading -------------------------------------------------------------------------------------

/** Every op in replay order. */
export const listOps = (db: AppDB): Promise<OutboxOp[]> => db.outbox.orderBy('seq').toArray();

/** Ops waiting to be sent, in replay order. */
export const pendingOps = (db: AppDB): Promise<OutboxOp[]> => db.outbox.where('state').equals('pending').sortBy('seq');

export interface OutboxCounts {
  pending: number;
  failed: number;
  conflicts: number;
}

export async function countOps(db: AppDB): Promise<OutboxCounts> {
  const [pending, failed, conflicts] = await Promise.all(
    (['pending', 'failed', 'conflict'] as const).map((s) => db.outbox.where('state').equals(s).count()),
  );
  return { pending, failed, conflicts };
}

// ---- resolving -----------------------------------------------------------------------------------

const ALL_TABLES = (db: AppDB) => [db.outbox, db.receipts, db.arrivals, db.hotelAssignments, db.registrations, db.candidates, db.meta];

async function opById(db: AppDB, opId: string): Promise<OutboxOp> {
  const op = await db.outbox.where('opId').equals(opId).first();
  if (!op) throw new OutboxError('This change is no longer in the outbox.');
  return op;
}

/**
 * Drops an op and undoes what it shows: a tap falls back to the previous tap or the server's state, a
 * link gives the booking back to the unmatched list and the registration its server hotel fields.
 */
export async function discardOp(db: AppDB, opId: string): Promise<void> {
  await db.transaction('rw', ALL_TABLES(db), async () => {
    const op = await opById(db, opId);
    await db.outbox.delete(op.seq!);
    await writeReceipt(db, op, 'discarded', { message: op.lastError });
    if (op.kind === 'pickup') await showLatestTap(db, op.payload.flightId);
    else if (op.kind === 'hotel-link') {
      await unhideBooking(db, op);
      await settleRegistrationHotel(db, op);
    } else await showDesk(db, op.payload.registrationId);
  });
}

/**
 * Sends a refused op again (after the situation changed, e.g. the other link was undone). A tap or a link
 * gets a new opId, because the server keeps its refusal under the old Idempotency-Key. A payment keeps
 * its own: it may already be recorded (the first sending's answer lost, then refused when sent again under
 * another user's session), and the server answers a payment's key with the payment recorded under it,
 * whoever sends it, so it is never taken twice. Either keeps its tap time and goes to the end of the queue.
 */
export async function retryOp(db: AppDB, opId: string): Promise<OutboxOp> {
  return db.transaction('rw', ALL_TABLES(db), async () => {
    const op = await opById(db, opId);
    if (op.state !== 'failed' && op.state !== 'conflict') throw new OutboxError('Only a refused change can be retried.');
    if (op.kind === 'payment' && op.state === 'conflict')
      throw new OutboxError('This payment is already recorded on the server: sending it again would take it twice.');
    await db.outbox.delete(op.seq!);
    const { seq: _s, leftAt, ...rest } = op;
    const key = op.kind === 'payment' ? op.opId : crypto.randomUUID();
    // under its own key it left the device before (asSent); under a new one it never did
    const again = { ...rest, ...(key === op.opId && { leftAt }), opId: key, attempts: 0, lastError: null, state: 'pending' } as OutboxOp;
    again.seq = await db.outbox.add(again);
    if (key !== op.opId) await writeReceipt(db, op, 'retried', { message: op.lastError, nextOpId: key });
    if (again.kind === 'pickup') await showLatestTap(db, again.payload.flightId);
    else if (again.kind === 'check-in' || again.kind === 'payment') await showDesk(db, again.payload.registrationId);
    else {
      const booking = await db.hotelAssignments.get(again.payload.assignmentId);
      if (booking) await db.hotelAssignments.put({ ...booking, hiddenByOp: null });
      await showLink(db, again);
    }
    return again;
  });
}

/**
 * Accepts the server's side of a conflict: a hotel link's op goes, and so does the booking from the
 * unmatched list; a payment paid twice is acknowledged (it stays recorded; an admin refunds the extra).
 */
export async function keepServer(db: AppDB, opId: string): Promise<void> {
  await db.transaction('rw', ALL_TABLES(db), async () => {
    const op = await opById(db, opId);
    if (op.state !== 'conflict' || (op.kind !== 'hotel-link' && op.kind !== 'payment'))
      throw new OutboxError('Only a conflict can be resolved this way.');
    await db.outbox.delete(op.seq!);
    await writeReceipt(db, op, 'server-kept', { message: op.lastError });
    if (op.kind === 'payment') return showDesk(db, op.payload.registrationId);
    await dropBooking(db, op.payload.assignmentId);
    await settleRegistrationHotel(db, op);
  });
}
