/**
 * Price Breakdown (docs/product.md#screens): each attendee at the event's price for their age category (from
 * GET /api/config), the late fee, the discounts, the total, what was paid and the balance. The total
 * and balance are the server's; the lines explain them.
 */
import { balanceDueText, formatMoney, refundOwed } from '../../../lib/format';
import { useEvent, useAgeLabels } from '../../../lib/public-config';
import { fromCents, toCents } from '../../../../shared/pricing';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';

export function PriceBreakdown({ registration: r, attendees }: { registration: Registration; attendees: Attendee[] }) {
  const ageLabels = useAgeLabels();
  const event = useEvent();
  const baseCents = toCents(r.base_amount ?? 0);
  const lateCents = toCents(r.late_fee_amount ?? 0);
  const pct = r.discount_percentage ?? 0;
  const afterPctCents = Math.round((baseCents + lateCents) * (1 - pct / 100));
  const pctCents = baseCents + lateCents - afterPctCents;
  const fixedCents = toCents(r.fixed_discount_amount ?? 0);
  const refund = refundOwed(r);
  return (
    <section className="card" aria-labelledby="price-title">
      <h2 id="price-title">Price Breakdown</h2>
      <table className="table price-table">
        <caption className="visually-hidden">Price per attendee and adjustments</caption>
        <tbody>
          {attendees.map((a) => (
            <tr key={a.id}>
              <th scope="row">
                {a.first_name} {a.last_name}
                <span className="cell-sub"> · {ageLabels[a.age_category]}</span>
              </th>
              <td className="num">{formatMoney(fromCents(event.prices[a.age_category]))}</td>
            </tr>
          ))}
          <tr className="price-subtotal">
            <th scope="row">Subtotal</th>
            <td className="num">{formatMoney(r.base_amount)}</td>
          </tr>
          {r.late_fee_applied && (
            <tr>
              <th scope="row">{r.remove_late_fee ? 'Late fee (removed)' : 'Late fee'}</th>
              <td className="num">{formatMoney(fromCents(lateCents))}</td>
            </tr>
          )}
          {r.waive_fees ? (
            <tr>
              <th scope="row">All fees removed</th>
              <td className="num">−{formatMoney(fromCents(baseCents + lateCents))}</td>
            </tr>
          ) : (
            <>
              {pct > 0 && (
                <tr>
                  <th scope="row">Discount ({pct}%)</th>
                  <td className="num">−{formatMoney(fromCents(pctCents))}</td>
                </tr>
              )}
              {fixedCents > 0 && (
                <tr>
                  <th scope="row">Fixed discount</th>
                  <td className="num">−{formatMoney(fromCents(Math.min(fixedCents, afterPctCents)))}</td>
                </tr>
              )}
            </>
          )}
          <tr className="price-total">
            <th scope="row">Total</th>
            <td className="num">{formatMoney(r.total_amount)}</td>
          </tr>
          <tr>
            <th scope="row">Paid</th>
            <td className="num">{formatMoney(r.paid_amount)}</td>
          </tr>
          <tr className="price-balance">
            <th scope="row">Balance Due</th>
            <td className="num">{balanceDueText(r)}</td>
          </tr>
          {refund > 0 && (
            <tr>
              <th scope="row">Refund Due</th>
              <td className="num">{formatMoney(refund)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
