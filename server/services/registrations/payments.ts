/**
 * The payment ledger (docs/architecture.md: admins record payments and refunds, each one a row). paid_amount is the
 * running sum of the ledger, kept on the registration so lists and stats need no join; a refund is a
 * negative row and can never take the paid amount below zero. Payment status follows (refunded when a
 * refund brings the paid amount back to 0).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, registrations, users } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { audit } from '../operations/audit';
import { refreshDerived } from './registration-derived';
import { lockRegistration, type ServiceContext } from './registrations';
import { formatMoney, fromCents, toCents } from '../../../shared/pricing';
import type { Payment, PaymentCreate } from '../../../shared/schemas/registration';

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

export async function recordPayment(tx: DbOrTx, idOrNumber: string | number, input: PaymentCreate, ctx: ServiceContext) {
  const reg = await lockRegistration(tx, idOrNumber);
  const cents = toCents(input.amount);
  if (cents < 0 && reg.paidAmountCents + cents < 0) {
    throw unprocessable(`A refund cannot be more than the amount paid (${formatMoney(fromCents(reg.paidAmountCents))})`);
  }
  const [row] = await tx
    .insert(payments)
    .values({
      registrationId: reg.id,
      amountCents: cents,
      method: input.method,
      note: input.note,
      createdBy: ctx.actor.userId,
    })
    .returning();
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

/** The ledger, oldest first, with who recorded each row. */
export async function listPayments(db: DbOrTx, registrationId: number): Promise<Payment[]> {
  const rows = await db
    .select({ p: payments, email: users.email })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.createdBy))
    .where(eq(payments.registrationId, registrationId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => serializePayment(r.p, r.email));
}
