/**
 * The payment ledger (docs/decisions.md "Registrations"): admins record payments and refunds, each one a row. paid_amount is the
 * running sum of the ledger, kept on the registration so lists and stats need no join; a refund is a
 * negative row and can never take the paid amount below zero. Payment status follows (refunded when a
 * refund brings the paid amount back to 0).
 *
 * A payment sent with an Idempotency-Key keeps it as its `op_id`, unique over all users. Idempotency
 * records are per user (services/sync/idempotency.ts), so a desk payment queued by one user and sent
 * again under the next user's session, after the first delivery's answer was lost, would be a new
 * request there: here it finds its payment and takes no money twice.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, registrations, users } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { audit } from '../operations/audit';
import { KEY_REUSED } from '../sync/idempotency';
import { refreshDerived } from './registration-derived';
import { lockRegistration, type ServiceContext } from './registrations';
import { formatMoney, fromCents, toCents } from '../../../shared/pricing';
import type { Payment, PaymentCreate } from '../../../shared/schemas/registration';
import type { Pagination } from '../../../shared/schemas/answers';
import { paginationOf } from '../../lib/pagination';

type PaymentRow = typeof payments.$inferSelect;

export function serializePayment(p: PaymentRow, createdBy: string | null): Payment {
  return {
    id: p.id,
    registration_id: p.registrationId,
    amount: fromCents(p.amountCents),
    method: p.method,
    note: p.note,
    created_by: createdBy,
    created_at: p.createdAt.toISOString(),
  };
}

/** Payments with who recorded each (their email), to filter. */
const withRecorder = (db: DbOrTx) =>
  db.select({ p: payments, email: users.email }).from(payments).leftJoin(users, eq(users.id, payments.createdBy));

/** The most one registration's payments may add up to ($1,000,000, as one payment at most): far above any event's fees. */
export const MAX_PAID_CENTS = 100_000_000;

/** The payment recorded under `opId` (with who recorded it), if any. */
async function paymentByOpId(tx: DbOrTx, opId: string) {
  const [row] = await withRecorder(tx).where(eq(payments.opId, opId)).limit(1);
  return row;
}

/**
 * Records a payment (or a refund, below 0) and the registration's new figures. `opId`: the request's
 * Idempotency-Key; a payment already recorded under it (by anyone) is answered as it stands, with the
 * registration as it is now, and nothing is written; under it for another registration, amount, method or note, 422.
 */
export async function recordPayment(tx: DbOrTx, idOrNumber: string | number, input: PaymentCreate, ctx: ServiceContext, opId?: string) {
  const reg = await lockRegistration(tx, idOrNumber);
  const cents = toCents(input.amount);
  const earlier = opId ? await paymentByOpId(tx, opId) : undefined;
  if (earlier) {
    const same =
      earlier.p.registrationId === reg.id &&
      earlier.p.amountCents === cents &&
      earlier.p.method === input.method &&
      (earlier.p.note ?? null) === (input.note ?? null);
    if (!same) throw unprocessable(KEY_REUSED);
    return { payment: serializePayment(earlier.p, earlier.email), registration: reg };
  }
  if (cents < 0 && reg.paidAmountCents + cents < 0) {
    throw unprocessable(`A refund cannot be more than the amount paid (${formatMoney(fromCents(reg.paidAmountCents))})`);
  }
  // overpayments are recorded (the money was taken), but a sum no family pays is a typing slip
  if (cents > 0 && reg.paidAmountCents + cents > MAX_PAID_CENTS) {
    throw unprocessable(`The amount paid on one registration cannot go past ${formatMoney(fromCents(MAX_PAID_CENTS))}`);
  }
  const [row] = await tx
    .insert(payments)
    .values({
      registrationId: reg.id,
      amountCents: cents,
      method: input.method,
      note: input.note,
      createdBy: ctx.actor.userId,
      opId,
    })
    // the same op id taken meanwhile for another registration (the one above is locked)
    .onConflictDoNothing()
    .returning();
  if (!row) throw unprocessable(KEY_REUSED);
  await tx
    .update(registrations)
    .set({ paidAmountCents: sql`${registrations.paidAmountCents} + ${cents}` })
    .where(eq(registrations.id, reg.id));
  const registration = await refreshDerived(tx, reg.id, ctx.event);
  const payment = serializePayment(row, ctx.actor.label);
  await audit(
    tx,
    ctx.actor,
    cents < 0 ? 'payment.refund' : 'payment.record',
    { type: 'payment', id: row.id },
    { paid_amount: fromCents(reg.paidAmountCents), payment_status: reg.paymentStatus },
    { ...payment, paid_amount: fromCents(registration.paidAmountCents), payment_status: registration.paymentStatus },
  );
  return { payment, registration };
}

/** A page of the ledger, oldest first, with who recorded each row. */
export async function listPayments(
  db: DbOrTx,
  registrationId: number,
  page: { page: number; limit: number },
): Promise<{ payments: Payment[]; pagination: Pagination }> {
  const mine = eq(payments.registrationId, registrationId);
  const [rows, [{ total }]] = await Promise.all([
    withRecorder(db)
      .where(mine)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(mine),
  ]);
  return { payments: rows.map((r) => serializePayment(r.p, r.email)), pagination: paginationOf(page, Number(total)) };
}
