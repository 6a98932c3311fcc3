/**
 * What a download of the registrations does to the check-in desk's own changes (pwa/offline/desk.ts): the
 * pending check-ins and payments stay shown on the new server state, payments kept for an organiser to
 * refund are settled once nothing is to be refunded, and this desk's check-ins undone elsewhere are told.
 * Loaded with the admin downloads only, out of the field screens' first visit (docs/quality.md).
 */
import type { AppDB } from './db';
import { deskStateOf, familyOf, isDeskOp, withDeskOps } from './desk';
import { noteOverride, writeReceipt } from './op-outcome';
import { clockOf } from './sync-text';
import type { CachedRegistration, PaymentOp, SyncedRegistration } from './types';
import { formatMoney, refundOwedCents, toCents } from '../../shared/pricing';

/** Registrations of a downloaded page as shown: each page row is the new server base, pending desk ops on top. */
export async function rebaseDownloaded(db: AppDB, rows: CachedRegistration[]): Promise<CachedRegistration[]> {
  const ops = (await db.outbox.where('state').equals('pending').sortBy('seq')).filter(isDeskOp);
  if (ops.length === 0) return rows.map((r) => ({ ...r, deskBase: deskStateOf(r) }));
  return rows.map((r) =>
    withDeskOps(
      r,
      deskStateOf(r),
      ops.filter((op) => op.payload.registrationId === r.id),
    ),
  );
}

/**
 * Payments kept as conflicts (money for an organiser to refund) that a download shows are no longer
 * refunds to make: the registration was reactivated, its total raised, or the refund recorded. They leave
 * the sync panel, and the desk is told in words, so no cash is handed over for a refund no longer due.
 * Tables: outbox, receipts, meta.
 */
export async function settleHeldPayments(
  db: AppDB,
  downloaded: readonly SyncedRegistration[],
  before: readonly (CachedRegistration | undefined)[],
): Promise<void> {
  const held = (await db.outbox.where('state').equals('conflict').toArray()).filter((op): op is PaymentOp => op.kind === 'payment');
  if (held.length === 0) return;
  const byId = new Map(downloaded.map((r, i) => [r.id, { r, was: before[i] }]));
  for (const op of held) {
    const { r, was } = byId.get(op.payload.registrationId) ?? {};
    if (!r || refundOwedCents(r.status, toCents(r.total_amount ?? 0), toCents(r.paid_amount ?? 0)) > 0) continue;
    // a refund recorded: all paid back (cancelled), or less paid than the device last knew (paid twice, overpaid)
    const refunded =
      r.status === 'cancelled' ||
      (was !== undefined && toCents(r.paid_amount ?? 0) < toCents(was.deskBase?.paid_amount ?? was.paid_amount ?? 0));
    await db.outbox.where('opId').equals(op.opId).delete();
    await writeReceipt(db, op, 'done', { message: null });
    await noteOverride(db, op.opId, settledHeldPaymentText(op.payload.amount, familyOf(r), refunded), 'payment');
  }
}

/**
 * "Nothing is to be refunded to Aaliyah Lewis any more: the $200.00 taken at the desk stays as paid" (reactivated,
 * the total raised); else a refund was recorded, paid from money the desk may still hold.
 */
export const settledHeldPaymentText = (amount: number, family: string, refunded: boolean) =>
  refunded
    ? `The refund to ${family} was recorded: if the desk still holds the ${formatMoney(amount)} it took, hand it to an organiser`
    : `Nothing is to be refunded to ${family} any more: the ${formatMoney(amount)} taken at the desk stays as paid`;

/**
 * This desk's check-ins that a download shows undone by another device since (another desk's later undo,
 * of its own mistaken tap perhaps): the card just changes, so the desk is told, as greeters are of their
 * pickups (downloads.ts). Not for an attendee with a tap of this desk still to send. Tables: outbox, meta.
 */
export async function noteUndoneCheckIns(
  db: AppDB,
  before: readonly (CachedRegistration | undefined)[],
  after: readonly SyncedRegistration[],
): Promise<void> {
  const device = await db.getMeta('deviceId');
  if (!device) return;
  const waiting = new Set(
    (await db.outbox.where('state').equals('pending').toArray()).flatMap((op) => (op.kind === 'check-in' ? op.payload.attendeeIds : [])),
  );
  for (const [i, r] of after.entries()) {
    const now = new Map(r.attendees.map((a) => [a.id, a]));
    for (const was of before[i]?.deskBase?.attendees ?? []) {
      const a = now.get(was.id);
      if (!a || a.checked_in || !was.checked_in || was.checked_in_device !== device || waiting.has(a.id)) continue;
      const when = clockOf(was.checked_in_at);
      const text = `Your ${when ? `${when} ` : ''}check-in of ${a.first_name} ${a.last_name} was undone on another device`;
      await noteOverride(db, `checkin:${a.id}:${was.checked_in_at}`, text);
    }
  }
}
