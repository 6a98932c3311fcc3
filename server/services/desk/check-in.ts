/**
 * The check-in desk's writes (docs/product.md#check-in-desk): attendees checked in (or undone) at the
 * resort, one tap for one person or a whole party.
 *
 * Each attendee is a last-writer-wins register ordered by the tap time (corrected to the server's clock
 * by the device, checked by tap-time.ts), exactly as pickups are: the attendee keeps the tap time of the
 * toggle that set its current state in `check_in_tap_at`; an older tap is stale (acknowledged, not
 * applied); an equal tap with the same state is a duplicate; a check-in of someone already checked in
 * keeps the first check-in's who, when and device (the desk shows "already checked in by X at T on
 * another device"); otherwise the tap is written whole (state, who, which device, tap time, when it
 * reached us), the sync version bumped and the change audited.
 *
 * Taps arrive one per request or up to 100 per batch (the desk's offline outbox); both go through
 * recordCheckIns, which records each under its Idempotency-Key / opId (idempotency.ts).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { audit, type Actor } from '../operations/audit';
import { runIdempotent, type OpAnswer } from '../sync/idempotency';
import { tapTime } from '../sync/tap-time';
import { CHECK_IN_MESSAGES, type CheckInInput } from '../../../shared/schemas/check-in';
import type { AttendeeCheckIn, CheckInResult } from '../../../shared/schemas/records';
import type { RegistrationStatus } from '../../../shared/constants';

type AttendeeRow = typeof attendees.$inferSelect;

export interface DeskUser {
  id: number;
  firstName: string;
  lastName: string;
}

export interface KeyedCheckIn {
  /** Idempotency-Key (the outbox op's opId), or undefined */
  key: string | undefined;
  /** what the key stands for, with the body (idempotency.ts): the single route's path, by either route */
  request: string;
  registrationId: number;
  input: CheckInInput;
}

const nameOf = (u: DeskUser) => `${u.firstName} ${u.lastName}`.trim().slice(0, 100) || 'Staff';

export const checkInState = (a: AttendeeRow): AttendeeCheckIn => ({
  id: a.id,
  checked_in: a.checkedIn,
  checked_in_at: a.checkedInAt?.toISOString() ?? null,
  checked_in_by: a.checkedInBy,
  checked_in_device: a.checkedIn ? a.checkInDevice : null,
});

const auditView = (a: AttendeeRow) => ({
  ...checkInState(a),
  check_in_tap_at: a.checkInTapAt?.toISOString() ?? null,
});

/** The registrations the taps touch, locked in id order (one statement; two batches never deadlock): id → status. */
async function lockRegistrations(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, RegistrationStatus>> {
  const rows = await tx
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .where(inArray(registrations.id, [...new Set(ids)]))
    .orderBy(registrations.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * Applies one check-in tap to the named attendees of a registration (inside a transaction); `locked`:
 * what lockRegistrations already locked in this transaction (else it is locked here). Refusals
 * (no such registration, cancelled, an attendee not in the party, a tap before the event) are thrown
 * before anything is written.
 */
export async function applyCheckIn(
  tx: DbOrTx,
  registrationId: number,
  input: CheckInInput,
  user: DeskUser,
  actor: Actor,
  earliest: Date,
  now = new Date(),
  locked?: Map<number, RegistrationStatus>,
): Promise<CheckInResult> {
  locked ??= await lockRegistrations(tx, [registrationId]);
  const status = locked.get(registrationId);
  if (!status) throw notFound('Registration not found');
  if (status === 'cancelled') throw unprocessable(CHECK_IN_MESSAGES.cancelled);
  const ids = [...new Set(input.attendee_ids)];
  const party = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.registrationId, registrationId), inArray(attendees.id, ids), isNull(attendees.removedAt)))
    .orderBy(attendees.id);
  if (party.length !== ids.length) throw unprocessable(CHECK_IN_MESSAGES.attendeeNotInParty);

  const tap = tapTime(input.client_time, now, earliest);
  const results: AttendeeCheckIn[] = [];
  let stale = 0;
  for (const a of party) {
    const current = a.checkInTapAt?.getTime();
    if (current !== undefined && current > tap.getTime()) {
      stale += 1;
      results.push(checkInState(a));
      continue;
    }
    if (current === tap.getTime() && a.checkedIn === input.checked_in) {
      results.push(checkInState(a));
      continue;
    }
    if (a.checkedIn && input.checked_in) {
      // already checked in (another desk, offline at the same time): the first check-in stays who and
      // when; the later tap only moves the order forward, so an undo older than it cannot win
      const [after] = await tx
        .update(attendees)
        .set({ checkInTapAt: tap, checkInReceivedAt: now })
        .where(eq(attendees.id, a.id))
        .returning();
      results.push(checkInState(after));
      continue;
    }
    const [after] = await tx
      .update(attendees)
      .set({
        checkedIn: input.checked_in,
        checkedInAt: input.checked_in ? tap : null,
        checkedInBy: input.checked_in ? nameOf(user) : null,
        checkedInByUserId: input.checked_in ? user.id : null,
        checkInDevice: input.device_id ?? null,
        checkInTapAt: tap,
        checkInReceivedAt: now,
        updatedAt: now,
        version: sql`nextval('sync_version_seq')`,
      })
      .where(eq(attendees.id, a.id))
      .returning();
    await audit(
      tx,
      actor,
      input.checked_in ? 'attendee.check_in' : 'attendee.check_in_undo',
      { type: 'attendee', id: a.id },
      auditView(a),
      auditView(after),
    );
    results.push(checkInState(after));
  }
  return { registration_id: registrationId, attendees: results, stale: stale === party.length, serverTime: now.toISOString() };
}

/** Records check-in taps (one from the single route, up to 100 from a batch) in one transaction, each under its key. */
export function recordCheckIns(
  db: Db,
  ops: KeyedCheckIn[],
  user: DeskUser,
  actor: Actor,
  earliest: Date,
): Promise<OpAnswer<CheckInResult>[]> {
  return runIdempotent(
    db,
    user.id,
    ops.map((op) => ({ key: op.key, method: 'POST', path: op.request, body: op.input, input: op })),
    {
      prepare: (tx, inputs) =>
        lockRegistrations(
          tx,
          inputs.map((op) => op.registrationId),
        ),
      apply: async (tx, op, locked) => ({
        status: 200,
        body: await applyCheckIn(tx, op.registrationId, op.input, user, actor, earliest, new Date(), locked),
      }),
    },
  );
}
