/**
 * The registration and payment badges (docs/product.md#registration-detail): status active green, pending yellow, anything
 * else grey; payment paid/completed green, partial yellow, anything else red; 'Waived' (green) when fees
 * are waived. Colour is never the only cue: the text says the state too.
 */

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  cancelled: 'Cancelled',
  waitlist: 'Waitlist',
};

const PAYMENT_LABELS: Record<string, string> = {
  paid: 'Paid',
  completed: 'Paid',
  partial: 'Partial',
  pending: 'Pending',
  refunded: 'Refunded',
};

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? titleCase(status);

export function statusColour(status: string): 'green' | 'yellow' | 'grey' {
  if (status === 'active') return 'green';
  if (status === 'pending') return 'yellow';
  return 'grey';
}

export function paymentColour(paymentStatus: string | undefined, waived: boolean | undefined): 'green' | 'yellow' | 'red' {
  if (waived || paymentStatus === 'paid' || paymentStatus === 'completed') return 'green';
  if (paymentStatus === 'partial') return 'yellow';
  return 'red';
}

export const paymentLabel = (paymentStatus: string | undefined, waived: boolean | undefined) =>
  waived ? 'Waived' : (PAYMENT_LABELS[paymentStatus ?? ''] ?? titleCase(paymentStatus ?? 'Unknown'));

/** A symbol beside the status text in the detail header (decorative: the text carries the meaning). */
const STATUS_ICONS: Record<string, string> = { active: '✓', pending: '⏳', cancelled: '✕', waitlist: '⋯' };

export function StatusBadge({ status, withIcon = false }: { status: string; withIcon?: boolean }) {
  return (
    <span className={`badge badge-${statusColour(status)}`} data-status={status}>
      {withIcon && (
        <span aria-hidden="true" className="badge-icon">
          {STATUS_ICONS[status] ?? '•'}
        </span>
      )}
      {/* the word in an element of its own: its text is exactly 'Active', as the badges elsewhere */}
      {withIcon ? <span>{statusLabel(status)}</span> : statusLabel(status)}
    </span>
  );
}

export function PaymentBadge({ paymentStatus, waived }: { paymentStatus: string | undefined; waived: boolean | undefined }) {
  return (
    <span className={`badge badge-${paymentColour(paymentStatus, waived)}`} data-payment-status={waived ? 'waived' : paymentStatus}>
      {paymentLabel(paymentStatus, waived)}
    </span>
  );
}
