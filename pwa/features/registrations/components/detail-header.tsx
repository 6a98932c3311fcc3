/**
 * The registration page's header (docs/product.md#screens): registration number, status icon and text, the payment
 * badge ('Waived' when fees are waived) and, for admins, the edit pencil. A cancelled registration
 * says when, by whom and why.
 */
import { formatDateTime } from '../../../lib/format';
import type { Registration } from '../../../../shared/schemas/registration';
import { PaymentBadge, StatusBadge } from './status-badges';

export interface DetailHeaderProps {
  registration: Registration;
  /** the pencil, shown to admins: it toggles edit mode (leaving it discards the edits, as Cancel does) */
  onEdit?: () => void;
  editing?: boolean;
  editDisabledReason?: string;
}

export function DetailHeader({ registration: r, onEdit, editing = false, editDisabledReason }: DetailHeaderProps) {
  return (
    <header className="card detail-header">
      <div className="detail-title">
        <div>
          <p className="detail-kicker">Registration</p>
          <h1 className="reg-number-title">{r.registration_number}</h1>
          <p className="detail-name">
            {r.primary_first_name} {r.primary_last_name}
          </p>
        </div>
        <div className="detail-badges">
          <span className="visually-hidden">Status:</span>
          <StatusBadge status={r.status} withIcon />
          {r.payment_status !== undefined && (
            <>
              <span className="visually-hidden">Payment:</span>
              <PaymentBadge paymentStatus={r.payment_status} waived={r.waive_fees} />
            </>
          )}
          {onEdit && (
            <button
              type="button"
              className="btn btn-secondary btn-icon"
              onClick={onEdit}
              aria-label="Edit registration"
              aria-pressed={editing}
              title={editing ? 'Stop editing (discards the changes)' : (editDisabledReason ?? 'Edit contact, address and fees')}
              disabled={!!editDisabledReason && !editing}
            >
              <span aria-hidden="true">✎</span>
            </button>
          )}
        </div>
      </div>
      {r.status === 'cancelled' && (
        <p className="cancel-info">
          {/* not "Cancelled …": the status badge says it, once */}
          Cancellation{r.cancelled_at ? ` on ${formatDateTime(r.cancelled_at)}` : ''}
          {r.cancelled_by ? ` by ${r.cancelled_by}` : ''}
          {r.cancel_reason ? `. Reason: ${r.cancel_reason}` : ''}
        </p>
      )}
    </header>
  );
}
