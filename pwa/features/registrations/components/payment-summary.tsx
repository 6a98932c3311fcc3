/**
 * The payment summary (docs/product.md#screens): total, paid, balance, refund due (all paid, once cancelled). The payment badge is the
 * header's, shown once on the page.
 */
import { balanceDueText, formatMoney, refundOwed } from '../../../lib/format';
import type { Registration } from '../../../../shared/schemas/registration';
import { Detail, DetailList } from './detail-list';

export function PaymentSummary({ registration: r }: { registration: Registration }) {
  const refund = refundOwed(r);
  return (
    <section className="card" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">Payment Summary</h2>
      <DetailList>
        <Detail label="Total Amount">{formatMoney(r.total_amount)}</Detail>
        <Detail label="Amount Paid">{formatMoney(r.paid_amount)}</Detail>
        <Detail label="Balance Due">{balanceDueText(r)}</Detail>
        {/* paid beyond the total, or, once cancelled, all that was paid: an organiser's to refund */}
        {refund > 0 && <Detail label="Refund Due">{formatMoney(refund)}</Detail>}
      </DetailList>
    </section>
  );
}
