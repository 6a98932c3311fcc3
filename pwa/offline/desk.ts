/**
 * The check-in desk's offline changes (docs/architecture.md#check-in-desk): check-ins and payments taken
 * with or without signal. Each cached registration keeps the desk's fields as the server last gave them
 * (`deskBase`); what the screen shows is that base with every pending desk op of the registration
 * applied in tap order (`showDesk`). Queuing, an answer, a refusal, a discard and a download all end by
 * recomputing it, so a change shows at once, survives a download, and goes away when it is refused.
 *
 * A payment that, together with another device's, pays more than the total is recorded (the money was
 * taken) but stays in the sync panel as a conflict with the amount paid twice, for an admin to refund.
 */
import type { AppDB } from './db';
import { tapTimeIso } from './clock';
import { ensureDeviceId } from './device';
import { noteOverride, writeReceipt } from './op-outcome';
import { clockOf } from './sync-text';
import { formatWhen } from '../lib/format';
import { OutboxError } from './outbox-error';
import type { CachedRegistration, CheckInOp, DeskOp, DeskState, OpAuthor, OutboxOp, PaymentOp, SyncedRegistration } from './types';
import type { CheckInResult } from '../../shared/schemas/records';
import type { PaymentAnswer } from './answers';
import { balanceDueCents, derivePaymentStatus, formatMoney, fromCents, toCents } from '../../shared/pricing';

export const isDeskOp = (op: OutboxOp): op is DeskOp => op.kind === 'check-in' || op.kind === 'payment';

/** The desk's fields of a registration as the server sent it. */
export function deskStateOf(r: Pick<SyncedRegistration, 'attendees' | 'paid_amount' | 'balance_due' | 'payment_status'>): DeskState {
  return {
    attendees: r.attendees.map((a) => ({
      id: a.id,
      checked_in: a.checked_in,
      checked_in_at: a.checked_in_at,
      checked_in_by: a.checked_in_by,
      checked_in_device: a.checked_in_device,
    })),
    paid_amount: r.paid_amount ?? 0,
    balance_due: r.balance_due ?? 0,
    payment_status: r.payment_status,
  };
}

/** The registration as shown: the server's desk fields with the pending ops applied in tap order. */
export function withDeskOps(reg: CachedRegistration, base: DeskState, ops: DeskOp[]): CachedRegistration {
  const people = new Map(base.attendees.map((a) => [a.id, { ...a }]));
  let paid = base.paid_amount;
  let paidLocally = false;
  for (const op of ops) {
    if (op.kind === 'payment') {
      paid = fromCents(toCents(paid) + toCents(op.payload.amount));
      paidLocally = true;
      continue;
    }
    for (const id of op.payload.attendeeIds) {
      const a = people.get(id);
      if (!a) continue;
      const on = op.payload.checkedIn;
      // checking in someone already checked in changes nothing: the first check-in stays (as on the server)
      if (on && a.checked_in) continue;
      people.set(id, {
        id,
        checked_in: on,
        checked_in_at: on ? op.clientTime : null,
        checked_in_by: on ? op.payload.checkedInBy : null,
        checked_in_device: on ? op.payload.deviceId : null,
      });
    }
  }
  const total = reg.total_amount ?? 0;
  return {
    ...reg,
    deskBase: base,
    attendees: reg.attendees.map((a) => ({ ...a, ...(people.get(a.id) ?? {}) })),
    paid_amount: paid,
    balance_due: paidLocally ? fromCents(balanceDueCents(toCents(total), toCents(paid))) : base.balance_due,
    payment_status: paidLocally ? derivePaymentStatus(toCents(total), toCents(paid)) : base.payment_status,
  };
}

/** The pending desk ops of one registration, in tap order. */
async function pendingDeskOps(db: AppDB, registrationId: number): Promise<DeskOp[]> {
  const ops = await db.outbox.where('state').equals('pending').sortBy('seq');
  return ops.filter((op): op is DeskOp => isDeskOp(op) && op.payload.registrationId === registrationId);
}

/** Recomputes what a registration shows from its server fields and its pending desk ops (inside a transaction). */
export async function showDesk(db: AppDB, registrationId: number, base?: DeskState): Promise<void> {
  const reg = await db.registrations.get(registrationId);
  if (!reg) return;
  await db.registrations.put(withDeskOps(reg, base ?? reg.deskBase ?? deskStateOf(reg), await pendingDeskOps(db, registrationId)));
}

// ---- queueing ------------------------------------------------------------------------------------

interface QueueBase {
  registrationId: number;
  madeBy?: OpAuthor | null;
  now?: () => number;
}

export const familyOf = (r: Pick<SyncedRegistration, 'primary_first_name' | 'primary_last_name'>) =>
  `${r.primary_first_name} ${r.primary_last_name}`.trim();

/** What a cancelled registration cannot have, said when a desk op is refused for it. */
const CANNOT: Record<DeskOp['kind'], string> = {
  'check-in': 'it cannot be checked in.',
  payment: 'no payment can be taken for it. Send the family to an organiser.',
};

/** Queues a desk op; `tapped`: the records whose last tap it is (clock.ts tapTimeIso). */
async function queue<O extends DeskOp>(
  db: AppDB,
  kind: O['kind'],
  input: QueueBase,
  tapped: readonly string[],
  build: (reg: CachedRegistration, common: Omit<O, 'kind' | 'payload' | 'label'>, deviceId: string) => O,
): Promise<O> {
  const now = input.now ?? Date.now;
  return db.transaction('rw', [db.registrations, db.outbox, db.meta], async () => {
    const reg = await db.registrations.get(input.registrationId);
    if (!reg) throw new OutboxError('This registration is not on this device. Sync, then try again.');
    if (reg.status === 'cancelled')
      throw new OutboxError(`This registration is cancelled${reg.cancel_reason ? ` (${reg.cancel_reason})` : ''}: ${CANNOT[kind]}`);
    const common = {
      opId: crypto.randomUUID(),
      clientTime: await tapTimeIso(db, tapped, now),
      createdAt: new Date(now()).toISOString(),
      attempts: 0,
      lastError: null,
      state: 'pending' as const,
      madeBy: input.madeBy ?? null,
    };
    const op = build(reg, common as Omit<O, 'kind' | 'payload' | 'label'>, await ensureDeviceId(db));
    op.seq = await db.outbox.add(op);
    await showDesk(db, reg.id);
    return op;
  });
}

/** Checks attendees in (or undoes it): shown at once, queued for the server. */
export function queueCheckIn(
  db: AppDB,
  input: QueueBase & { attendeeIds: number[]; checkedIn: boolean; actorName: string | null },
): Promise<CheckInOp> {
  const tapped = input.attendeeIds.map((id) => `attendee:${id}`);
  return queue<CheckInOp>(db, 'check-in', input, tapped, (reg, common, deviceId) => {
    const names = reg.attendees.filter((a) => input.attendeeIds.includes(a.id)).map((a) => `${a.first_name} ${a.last_name}`);
    const who = names.length === reg.attendees.length && names.length > 1 ? `all ${names.length} of ${familyOf(reg)}` : names.join(', ');
    return {
      ...common,
      kind: 'check-in',
      payload: {
        registrationId: reg.id,
        attendeeIds: input.attendeeIds,
        checkedIn: input.checkedIn,
        checkedInBy: input.checkedIn ? input.actorName : null,
        deviceId,
      },
      label: `${input.checkedIn ? 'Checked in' : 'Check-in undone'}: ${who} (${reg.registration_number})`,
    };
  });
}

/**
 * A desk payment's note names who took the money, as the desk showed them, and when (the tap's time, on
 * the server's clock as the device knows it): a payment queued offline and sent after the next person
 * signed in on the device, or the next morning, is recorded under that session and at that time (as its
 * audit says), and the day's cash count goes by who took it and when. Set when it is queued, so every
 * delivery sends the same body.
 */
export const takenByNote = (name: string, at: string) => `Taken at the desk by ${name}, ${formatWhen(at, 0)}`;

/** Records a payment taken at the desk: the balance shows it at once, the payment is queued. */
export function queuePayment(db: AppDB, input: QueueBase & { amount: number; method: string; note?: string | null }): Promise<PaymentOp> {
  // payments add up: no tap of theirs undoes another
  return queue<PaymentOp>(db, 'payment', input, [], (reg, common, deviceId) => ({
    ...common,
    kind: 'payment',
    payload: {
      registrationId: reg.id,
      amount: input.amount,
      method: input.method,
      note: input.note ?? (input.madeBy?.name ? takenByNote(input.madeBy.name, common.clientTime) : null),
      deviceId,
      totalSeen: reg.total_amount,
    },
    label: `Payment ${formatMoney(input.amount)} (${input.method}): ${familyOf(reg)} (${reg.registration_number})`,
  }));
}

// ---- answers -------------------------------------------------------------------------------------

const DESK_TABLES = (db: AppDB) => [db.registrations, db.outbox, db.receipts, db.meta];

/** A check-in's answer: the named attendees take the server's state; the other pending ops stay on top. */
export async function settleCheckIn(db: AppDB, op: CheckInOp, answer: CheckInResult): Promise<void> {
  await db.transaction('rw', DESK_TABLES(db), async () => {
    await db.outbox.where('opId').equals(op.opId).delete();
    await writeReceipt(db, op, 'done', { message: null });
    const reg = await db.registrations.get(op.payload.registrationId);
    if (!reg) return;
    const base = reg.deskBase ?? deskStateOf(reg);
    const fromServer = new Map(answer.attendees.map((a) => [a.id, a]));
    await showDesk(db, reg.id, { ...base, attendees: base.attendees.map((a) => fromServer.get(a.id) ?? a) });
    const overridden = answer.stale ? answer.attendees.filter((a) => a.checked_in !== op.payload.checkedIn) : [];
    if (overridden.length) await noteOverride(db, op.opId, overriddenCheckInText(op, reg, overridden));
    await noteLostCheckIns(db, op, answer);
  });
}

/**
 * Which of this op's attendees another desk had checked in first (the race lost: the card says so),
 * and which this desk's tap decided (no longer lost). Tables: meta.
 */
async function noteLostCheckIns(db: AppDB, op: CheckInOp, answer: CheckInResult): Promise<void> {
  const before = (await db.getMeta('lostCheckIns')) ?? {};
  const lost = { ...before };
  for (const a of answer.attendees) {
    const elsewhere = a.checked_in && a.checked_in_at && a.checked_in_device && a.checked_in_device !== op.payload.deviceId;
    if (op.payload.checkedIn && elsewhere) lost[a.id] = a.checked_in_at!;
    else delete lost[a.id];
  }
  // written only when it changed: every desk card's query wakes on it
  if (JSON.stringify(lost) !== JSON.stringify(before)) await db.setMeta('lostCheckIns', lost);
}

/** Whether the card should say another desk checked this attendee in first: this desk's own check-in lost to that one. */
export const lostTo = (lost: Record<number, string> | undefined, a: { id: number; checked_in_at: string | null }): boolean =>
  !!a.checked_in_at && lost?.[a.id] === a.checked_in_at;

/** A check-in (or its undo) that a later tap on another desk had already reversed, as settle.ts says of pickups. */
function overriddenCheckInText(op: CheckInOp, reg: CachedRegistration, overridden: CheckInResult['attendees']): string {
  const names = overridden
    .map((a) => reg.attendees.find((p) => p.id === a.id))
    .map((p) => (p ? `${p.first_name} ${p.last_name}` : 'an attendee'))
    .join(', ');
  const at = clockOf(op.clientTime);
  return op.payload.checkedIn
    ? `Your ${at} check-in of ${names} was undone on another device`
    : `Your ${at} undo of the check-in of ${names} was overridden: checked in by ${overridden[0].checked_in_by ?? 'another device'}`;
}

/**
 * The payment just taken, and, once the total has risen since (an attendee added on another device),
 * that the family owes again: the card's balance alone would leave "recorded" standing beside it.
 */
export function takenText(
  taken: { text: string; total: number },
  reg: Pick<CachedRegistration, 'status' | 'total_amount'>,
  balance: number,
) {
  const total = reg.total_amount ?? 0;
  const rose = reg.status !== 'cancelled' && balance > 0 && toCents(total) > toCents(taken.total);
  return rose ? `${taken.text} The total has since risen to ${formatMoney(total)}: ${formatMoney(balance)} is due.` : taken.text;
}

/** The sentence of a payment that, with another device's, paid more than the total. */
export const paidTwiceText = (over: number) => `Paid twice: ${formatMoney(over)} more than the total, recorded on two devices`;

/**
 * The sentence of a payment above a total that was lowered after the desk took it (a discount, an
 * attendee removed, the fees waived).
 */
export const overpaidText = (over: number, total: number, waived = false) =>
  waived
    ? `Overpaid: ${formatMoney(over)} more than the total, as the fees were waived after this payment was taken`
    : `Overpaid: ${formatMoney(over)} more than the total, which was lowered to ${formatMoney(total)} after this payment was taken`;

/** The sentence of a payment that reached the server after the registration was cancelled: recorded, the money taken. */
export const cancelledPaymentText = (amount: number) =>
  `Cancelled: ${formatMoney(amount)} was recorded on this registration after it was cancelled. Hand the money to an organiser to refund`;

/** The card's word for a payment conflict, from its sentence above. */
export const overpaymentBadge = (lastError: string | null) =>
  lastError?.startsWith('Overpaid:') ? 'Overpaid' : lastError?.startsWith('Cancelled:') ? 'Paid after cancelling' : 'Paid twice';

/**
 * The card's badge for a payment kept as a conflict, `held` being all the family holds to be refunded:
 * "Paid twice: $200.00 for an organiser to refund; tap Resolve changes" (the sync line's button). A
 * payment taken after the cancellation, or before a total was lowered, names its own amount, and what
 * is held in all when a deposit paid before makes that more: the desk counts its cash by the first.
 */
export function paymentConflictBadge(op: Pick<PaymentOp, 'lastError' | 'payload'>, held: number): string {
  const word = overpaymentBadge(op.lastError);
  const taken = toCents(op.payload.amount);
  const money =
    word !== 'Paid twice' && taken < toCents(held)
      ? `${formatMoney(op.payload.amount)}, ${formatMoney(held)} held in all,`
      : formatMoney(held);
  return `${word}: ${money} for an organiser to refund; tap Resolve changes`;
}

/**
 * A payment's answer: the money takes the server's figures. When the registration was cancelled before
 * the payment reached the server, or is now paid beyond its total, the op stays as a conflict that says
 * why: cancelled (the money is an organiser's to refund), the total lowered meanwhile (below what the desk
 * showed when it took the money), or else another device took the same balance.
 */
export async function settlePayment(db: AppDB, op: PaymentOp, { registration, recordedAt }: PaymentAnswer): Promise<void> {
  await db.transaction('rw', DESK_TABLES(db), async () => {
    const total = registration.total_amount ?? 0;
    const over = fromCents(toCents(registration.paid_amount ?? 0) - toCents(total));
    const lowered = op.payload.totalSeen !== undefined && toCents(total) < toCents(op.payload.totalSeen);
    const stored = await db.outbox.where('opId').equals(op.opId).first();
    // recorded after the cancellation; one recorded before it (its answer lost, sent again) the admin saw when cancelling
    const cancelled =
      registration.status === 'cancelled' && !(recordedAt && registration.cancelled_at && recordedAt < registration.cancelled_at);
    if ((cancelled || over > 0) && stored) {
      const lastError = cancelled
        ? cancelledPaymentText(op.payload.amount)
        : lowered
          ? overpaidText(over, total, registration.waive_fees === true)
          : paidTwiceText(over);
      await db.outbox.put({ ...stored, state: 'conflict', lastError, attempts: stored.attempts + 1 });
    } else {
      await db.outbox.where('opId').equals(op.opId).delete();
      await writeReceipt(db, op, 'done', { message: null });
    }
    const cached = await db.registrations.get(op.payload.registrationId);
    if (!cached) return;
    // the registration as the answer says it is now (cancelled meanwhile, its total lowered), so what the
    // card says is held for a refund is right at once, not after the next download
    const reg = { ...cached, status: registration.status, total_amount: registration.total_amount ?? cached.total_amount };
    await db.registrations.put(reg);
    const base = reg.deskBase ?? deskStateOf(reg);
    await showDesk(db, reg.id, {
      ...base,
      paid_amount: registration.paid_amount ?? base.paid_amount,
      balance_due: registration.balance_due ?? base.balance_due,
      payment_status: registration.payment_status ?? base.payment_status,
    });
  });
}
