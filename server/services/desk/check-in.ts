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
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { preparedPer } from '../../db/prepared';
import { intArrayText, isoOrNull } from '../../db/rows';
import { audit, auditRowsFrom, type Actor } from '../operations/audit';
import { recordFrom, rowsUnlessKeyTaken, runIdempotent, runOptimistic, type OpAnswer } from '../sync/idempotency';
import { tapTime } from '../sync/tap-time';
import { CHECK_IN_MESSAGES, type CheckInInput } from '../../../shared/schemas/check-in';
import type { AttendeeCheckIn, CheckInResult } from '../../../shared/schemas/records';
import type { RegistrationStatus } from '../../../shared/constants';
import { staffName } from '../staff/staff-name';

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

const nameOf = (u: DeskUser) => staffName(u) || 'Staff';

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

/** What a tap does to one attendee (the rules at the top); `after` is the row as it will be. */
interface AttendeeTap {
  before: AttendeeRow;
  after: AttendeeRow;
  /** stale and duplicate: nothing written; order: only the ordering time moves; whole: the tap written and audited */
  kind: 'stale' | 'duplicate' | 'order' | 'whole';
}

/**
 * What a tap does to the named attendees of a registration whose status is `status` (`party`: those
 * attendees as stored, in id order). Refusals (no such registration, cancelled, an attendee not in the
 * party, a tap before the event) are thrown before anything is written.
 */
function decideCheckIn(
  status: RegistrationStatus | undefined,
  party: AttendeeRow[],
  input: CheckInInput,
  user: DeskUser,
  earliest: Date,
  now: Date,
): AttendeeTap[] {
  if (!status) throw notFound('Registration not found');
  if (status === 'cancelled') throw unprocessable(CHECK_IN_MESSAGES.cancelled);
  if (party.length !== new Set(input.attendee_ids).size) throw unprocessable(CHECK_IN_MESSAGES.attendeeNotInParty);
  const tap = tapTime(input.client_time, now, earliest);
  // an attendee removed since the tap (a no-show taken off while the desk was offline) is left out:
  // the rest of the family is checked in, and the queued tap does not fail for good over one name
  return party
    .filter((a) => !a.removedAt)
    .map((a): AttendeeTap => {
      const current = a.checkInTapAt?.getTime();
      if (current !== undefined && current > tap.getTime()) return { before: a, after: a, kind: 'stale' };
      if (current === tap.getTime() && a.checkedIn === input.checked_in) return { before: a, after: a, kind: 'duplicate' };
      // already checked in (another desk, offline at the same time): the first check-in stays who and
      // when; the later tap only moves the order forward, so an undo older than it cannot win
      if (a.checkedIn && input.checked_in) return { before: a, after: { ...a, checkInTapAt: tap, checkInReceivedAt: now }, kind: 'order' };
      return {
        before: a,
        kind: 'whole',
        after: {
          ...a,
          checkedIn: input.checked_in,
          checkedInAt: input.checked_in ? tap : null,
          checkedInBy: input.checked_in ? (input.checked_in_by ?? nameOf(user)) : null,
          checkedInByUserId: input.checked_in ? user.id : null,
          checkInDevice: input.device_id ?? null,
          checkInTapAt: tap,
          checkInReceivedAt: now,
          updatedAt: now,
        },
      };
    });
}

const checkInAction = (input: CheckInInput) => (input.checked_in ? 'attendee.check_in' : 'attendee.check_in_undo');

function checkInResult(registrationId: number, taps: AttendeeTap[], now: Date): CheckInResult {
  return {
    registration_id: registrationId,
    attendees: taps.map((t) => checkInState(t.after)),
    stale: taps.length > 0 && taps.every((t) => t.kind === 'stale'),
    serverTime: now.toISOString(),
  };
}

/** The named attendees of a registration, removed ones included, in id order (a prepared statement: server/db/prepared.ts). */
const partyRows = preparedPer((db) =>
  db
    .select()
    .from(attendees)
    .where(
      and(eq(attendees.registrationId, sql.placeholder('registrationId')), sql`${attendees.id} = any(${sql.placeholder('ids')}::int[])`),
    )
    .orderBy(attendees.id)
    .prepare('check_in_party'),
);
const partyQuery = (db: DbOrTx, registrationId: number, ids: number[]) =>
  partyRows(db).execute({ registrationId, ids: intArrayText([...new Set(ids)]) });

/**
 * Applies one check-in tap to the named attendees of a registration (inside a transaction); `locked`:
 * what lockRegistrations already locked in this transaction (else it is locked here). A refusal is
 * thrown before anything is written.
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
  const party = status && status !== 'cancelled' ? await partyQuery(tx, registrationId, input.attendee_ids) : [];
  const taps = decideCheckIn(status, party, input, user, earliest, now);
  for (const t of taps) {
    if (t.kind === 'stale' || t.kind === 'duplicate') continue;
    const { checkedIn, checkedInAt, checkedInBy, checkedInByUserId, checkInDevice, checkInTapAt, checkInReceivedAt, updatedAt } = t.after;
    const [after] = await tx
      .update(attendees)
      .set(
        t.kind === 'order'
          ? { checkInTapAt, checkInReceivedAt }
          : {
              ...{ checkedIn, checkedInAt, checkedInBy, checkedInByUserId, checkInDevice, checkInTapAt, checkInReceivedAt, updatedAt },
              version: sql`nextval('sync_version_seq')`,
            },
      )
      .where(eq(attendees.id, t.before.id))
      .returning();
    t.after = after;
    if (t.kind === 'whole')
      await audit(tx, actor, checkInAction(input), { type: 'attendee', id: t.before.id }, auditView(t.before), auditView(after));
  }
  return checkInResult(registrationId, taps, now);
}

const statusById = preparedPer((db) =>
  db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, sql.placeholder('id')))
    .prepare('registration_status_by_id'),
);

/**
 * One tap from the single route without a transaction, as the single pickup toggle
 * (idempotency.ts, "one op without a transaction"): the registration's status, the named attendees and
 * the key's record are read together; the tap is decided on them; then one statement locks the
 * registration (not cancelled) and the attendees (each still at the version and tap time read), and
 * only when all of them are there writes the attendees, their audit rows and the key's record. A
 * registration cancelled, an attendee tapped or a key recorded meanwhile writes nothing and sends it
 * round again; after a few rounds it takes the batch's locking transaction. `status`: the
 * registration's, as the caller just read it (else it is read here).
 */
export function recordCheckIn(
  db: Db,
  op: KeyedCheckIn,
  user: DeskUser,
  actor: Actor,
  earliest: Date,
  status?: RegistrationStatus,
): Promise<OpAnswer<CheckInResult>> {
  const keyed = { key: op.key, userId: user.id, method: 'POST', path: op.request, body: op.input };
  return runOptimistic<CheckInResult>(
    db,
    keyed,
    async (round) => {
      const [[reg], party] = await Promise.all([
        // the route read the registration just before: its status serves the first round
        round === 0 && status ? [{ status }] : statusById(db).execute({ id: op.registrationId }),
        partyQuery(db, op.registrationId, op.input.attendee_ids),
      ]);
      return () => {
        const now = new Date();
        const taps = decideCheckIn(reg?.status, party, op.input, user, earliest, now);
        const body = checkInResult(op.registrationId, taps, now);
        const writes = taps.filter((t) => t.kind === 'order' || t.kind === 'whole');
        if (writes.length === 0) return { body };
        const whole = writes.filter((t) => t.kind === 'whole');
        const after = whole[0]?.after;
        // the ids as an array too, so that the planner looks the attendees up by key instead of scanning them
        const ids = intArrayText(writes.map((t) => t.before.id));
        const write = async () => {
          const [written] = await rowsUnlessKeyTaken<{ ok: boolean }>(() =>
            db.execute(sql`
              with registration as materialized (
                select id from ${registrations} where id = ${op.registrationId} and status <> 'cancelled' for share
              ),
              tapped as (
                select * from jsonb_to_recordset(${JSON.stringify(
                  writes.map((t) => ({
                    id: t.before.id,
                    seen_version: t.before.version,
                    seen_tap: isoOrNull(t.before.checkInTapAt),
                    whole: t.kind === 'whole',
                  })),
                )}::jsonb) as t(id int, seen_version bigint, seen_tap timestamptz, whole boolean)
              ),
              locked as materialized (
                select a.id from ${attendees} a join tapped t on t.id = a.id
                where a.id = any(${ids}::int[]) and a.version = t.seen_version and a.check_in_tap_at is not distinct from t.seen_tap
                  and exists (select 1 from registration)
                for update of a
              ),
              ready as (select count(*) = ${writes.length} as ok from locked),
              written as (
                update ${attendees} a set
                  checked_in = case when t.whole then ${after?.checkedIn ?? false}::boolean else a.checked_in end,
                  checked_in_at = case when t.whole then ${isoOrNull(after?.checkedInAt)}::timestamptz else a.checked_in_at end,
                  checked_in_by = case when t.whole then ${after?.checkedInBy ?? null}::text else a.checked_in_by end,
                  checked_in_by_user_id = case when t.whole then ${after?.checkedInByUserId ?? null}::int else a.checked_in_by_user_id end,
                  check_in_device = case when t.whole then ${after?.checkInDevice ?? null}::text else a.check_in_device end,
                  check_in_tap_at = ${isoOrNull(writes[0].after.checkInTapAt)}::timestamptz,
                  check_in_received_at = ${isoOrNull(now)}::timestamptz,
                  updated_at = case when t.whole then ${isoOrNull(now)}::timestamptz else a.updated_at end,
                  version = case when t.whole then nextval('sync_version_seq') else a.version end
                from tapped t
                where a.id = any(${ids}::int[]) and a.id = t.id and (select ok from ready)
                returning a.id, a.version
              ),
              audited as (${auditRowsFrom(
                'written',
                actor,
                checkInAction(op.input),
                'attendee',
                whole.map((t) => ({ id: t.before.id, before: auditView(t.before), after: auditView(t.after) })),
              )}),
              recorded as (${recordFrom('(select 1 from ready where ok) as applied', keyed, 200, sql`${JSON.stringify(body)}::jsonb`)})
              select ok from ready`),
          );
          return written?.ok ? body : null;
        };
        return { body, write };
      };
    },
    async () => (await recordCheckIns(db, [op], user, actor, earliest))[0],
  );
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
