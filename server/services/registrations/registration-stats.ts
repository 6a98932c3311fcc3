/**
 * GET /registrations/stats/summary (docs/product.md#api Statistics), computed in SQL so the dashboard matches the rows.
 * Money: total_expected is the sum of totals of every registration that is not cancelled; total_collected
 * is the sum of paid amounts of every registration (money held is money held until it is refunded, even
 * on a cancelled registration). So expected − collected (the spec's Outstanding Balance) is not what families
 * owe: total_owed sums each balance due, total_refund_due what is held beyond a total or on a cancelled
 * registration (shared/pricing.ts owedCents / refundOwedCents, in SQL). Attendees: active (not removed) attendees of active registrations, so
 * adults + youth + children = total_active. Checked in (the desk): attendees of active registrations
 * checked in, and the active registrations with at least one of them.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fromCents } from '../../../shared/pricing';
import type { RegistrationStats } from '../../../shared/schemas/registration';

export async function registrationStats(db: DbOrTx): Promise<RegistrationStats> {
  // one statement (one round trip, one plan) for both halves: the dashboard polls it
  const [totals] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select r.*, p.*
      from (
        select count(*) as total_count,
               count(*) filter (where status = 'active') as active_count,
               count(*) filter (where status = 'pending') as pending_count,
               count(*) filter (where status = 'cancelled') as cancelled_count,
               count(*) filter (where status = 'waitlist') as waitlist_count,
               coalesce(sum(paid_amount_cents), 0) as collected_cents,
               coalesce(sum(total_amount_cents) filter (where status <> 'cancelled'), 0) as expected_cents,
               coalesce(sum(greatest(total_amount_cents - paid_amount_cents, 0)) filter (where status <> 'cancelled'), 0) as owed_cents,
               coalesce(sum(case when status = 'cancelled' then paid_amount_cents
                                 else greatest(paid_amount_cents - total_amount_cents, 0) end), 0) as refund_cents
        from registrations
      ) r,
      (
        select count(*) filter (where a.age_category = 'adult') as adults,
               count(*) filter (where a.age_category = 'youth') as youth,
               count(*) filter (where a.age_category = 'child') as children,
               count(*) as total_active,
               count(*) filter (where a.checked_in) as checked_in,
               count(distinct a.registration_id) filter (where a.checked_in) as checked_in_registrations
        from attendees a
        join registrations r on r.id = a.registration_id
        where a.removed_at is null and r.status = 'active'
      ) p`),
  );
  const n = (v: string | number | undefined) => Number(v ?? 0);
  return {
    registrations: {
      total_count: n(totals.total_count),
      active_count: n(totals.active_count),
      pending_count: n(totals.pending_count),
      cancelled_count: n(totals.cancelled_count),
      waitlist_count: n(totals.waitlist_count),
      total_collected: fromCents(n(totals.collected_cents)),
      total_expected: fromCents(n(totals.expected_cents)),
      total_owed: fromCents(n(totals.owed_cents)),
      total_refund_due: fromCents(n(totals.refund_cents)),
      checked_in_count: n(totals.checked_in_registrations),
    },
    attendees: {
      adults: n(totals.adults),
      youth: n(totals.youth),
      children: n(totals.children),
      total_active: n(totals.total_active),
      checked_in: n(totals.checked_in),
    },
  };
}
