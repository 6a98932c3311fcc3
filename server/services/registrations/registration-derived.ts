/**
 * The columns of a registration that follow from others: base, late fee and total (shared/pricing.ts),
 * the payment status, and the search text. Every service that changes attendees, fees, payments or the
 * contact calls refreshDerived inside its transaction, after locking the registration row, so a saved
 * registration never disagrees with its attendees or its ledger.
 */
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, auditLog, payments, registrations } from '../../db/schema';
import { buildSearchText } from './search-text';
import { baseAmountCents, computeAmounts, derivePaymentStatus } from '../../../shared/pricing';
import type { EventConfig } from '../../../shared/event';

export type RegistrationRow = typeof registrations.$inferSelect;

/** Bumps the row's sync version so the PWA's "changed since" download picks the change up. */
export const nextVersion = () => sql`nextval('sync_version_seq')`;

export async function refreshDerived(tx: DbOrTx, registrationId: number, event: EventConfig): Promise<RegistrationRow> {
  const [reg] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).limit(1);
  const members = await tx
    .select({ firstName: attendees.firstName, lastName: attendees.lastName, ageCategory: attendees.ageCategory })
    .from(attendees)
    .where(and(eq(attendees.registrationId, registrationId), isNull(attendees.removedAt)))
    .orderBy(desc(attendees.isPrimary), asc(attendees.id));
  // 'refunded' is about this registration's current life: refunds made before it was last reactivated
  // are history (a family cancelled, refunded, then coming after all owes its total again: pending)
  const [{ refunds }] = await tx
    .select({ refunds: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, registrationId),
        lt(payments.amountCents, 0),
        sql`${payments.createdAt} > coalesce((select max(${auditLog.createdAt}) from ${auditLog}
              where ${auditLog.entityType} = 'registration' and ${auditLog.entityId} = ${String(registrationId)}
                and ${auditLog.action} = 'registration.reactivate'), '-infinity'::timestamptz)`,
      ),
    );

  const amounts = computeAmounts(
    baseAmountCents(
      members.map((m) => m.ageCategory),
      event.prices,
    ),
    {
      waiveFees: reg.waiveFees,
      discountPercentage: Number(reg.discountPercentage),
      fixedDiscountCents: reg.fixedDiscountCents,
      lateFeeApplied: reg.lateFeeApplied,
      removeLateFee: reg.removeLateFee,
    },
    event.lateFeeCents,
  );
  const [row] = await tx
    .update(registrations)
    .set({
      baseAmountCents: amounts.baseCents,
      lateFeeCents: amounts.lateFeeCents,
      totalAmountCents: amounts.totalCents,
      paymentStatus: derivePaymentStatus(amounts.totalCents, reg.paidAmountCents, Number(refunds) > 0),
      searchText: buildSearchText(reg, members),
      updatedAt: new Date(),
      version: nextVersion(),
    })
    .where(eq(registrations.id, registrationId))
    .returning();
  return row;
}
