/** Payment history (GET payments, oldest first) and the 'Record Payment' form, for admins. */
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePayments } from '../api/get-payments';
import { methodLabel, RecordPaymentForm } from './record-payment-form';

export function PaymentsSection({
  registrationNumber,
  registrationId,
  balanceDue,
  disabled,
}: {
  registrationNumber: string;
  registrationId: number;
  /** what the registration still owes, for the form's line under a payment above it */
  balanceDue: number;
  disabled?: boolean;
}) {
  const ledger = usePayments(registrationNumber);
  const payments = ledger.data?.payments ?? [];
  return (
    <section className="card" aria-labelledby="payments-title">
      <h2 id="payments-title">Payment History</h2>
      {ledger.isPending && <Spinner label="Loading payments..." />}
      {ledger.isError && <Alert kind="error">{errorMessage(ledger.error, 'Failed to load payments')}</Alert>}
      {ledger.data &&
        (payments.length === 0 ? (
          <p className="note">No payments recorded yet.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Payments table (scrolls sideways on small screens)">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Method</th>
                  <th scope="col">Note</th>
                  <th scope="col">Recorded By</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDateTime(p.created_at)}</td>
                    <td className={`num${p.amount < 0 ? ' refund' : ''}`}>
                      {p.amount < 0 ? `Refund ${formatMoney(-p.amount)}` : formatMoney(p.amount)}
                    </td>
                    <td>{methodLabel(p.method)}</td>
                    <td>{p.note}</td>
                    <td>{p.created_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {payments.length < (ledger.data.pagination?.total ?? 0) && (
              <p className="note">
                Showing the first {payments.length} of {ledger.data.pagination.total} payments; the totals count them all.
              </p>
            )}
          </div>
        ))}
      <RecordPaymentForm registrationId={registrationId} balanceDue={balanceDue} disabled={disabled} />
    </section>
  );
}
