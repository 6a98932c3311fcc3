/**
 * One page of registrations. The registration number links to the detail page (keyboard and screen
 * readers); a click anywhere on the row goes there too, for the mouse.
 */
import { Link, useNavigate } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import type { RegistrationListItem } from '../../../../shared/schemas/registration';
import { PaymentBadge, StatusBadge } from './status-badges';

export const detailPath = (registrationNumber: string) => `/registration/${encodeURIComponent(registrationNumber)}`;

function place(r: RegistrationListItem): string {
  return [r.city, r.state].filter(Boolean).join(', ');
}

export function RegistrationsTable({ rows }: { rows: RegistrationListItem[] }) {
  const navigate = useNavigate();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Registrations table (scrolls sideways on small screens)">
      <table className="table registrations-table">
        <thead>
          <tr>
            <th scope="col">Registration</th>
            <th scope="col">Primary Contact</th>
            <th scope="col">Attendees</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Paid / Total
            </th>
            <th scope="col">Flights</th>
            <th scope="col">Checked in</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={`row-link${r.status === 'cancelled' ? ' row-muted' : ''}`}
              onClick={(e) => {
                // let real links and text selection behave normally
                if ((e.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
                navigate(detailPath(r.registration_number));
              }}
            >
              <td>
                <Link to={detailPath(r.registration_number)} className="reg-number">
                  {r.registration_number}
                </Link>
                <div className="cell-sub nowrap">Created {formatDate(r.created_at)}</div>
              </td>
              <td>
                <div className="cell-strong">
                  {r.primary_first_name} {r.primary_last_name}
                </div>
                <div className="cell-sub">{r.primary_email}</div>
                <div className="cell-sub">
                  {r.primary_phone}
                  {place(r) ? ` · ${place(r)}` : ''}
                </div>
              </td>
              <td className="num">{r.attendee_count}</td>
              {/* the registration's status and its payment's, one above the other: the table fits a laptop */}
              <td>
                <div className="status-stack">
                  <StatusBadge status={r.status} />
                  <PaymentBadge paymentStatus={r.payment_status} waived={r.waive_fees} />
                </div>
              </td>
              <td className="num nowrap">
                {formatMoney(r.paid_amount)}
                <div className="cell-sub">of {formatMoney(r.total_amount)}</div>
              </td>
              <td>
                {r.has_flights ? (
                  'Received'
                ) : !r.needs_transportation ? (
                  <span className="cell-sub">No transport needed</span>
                ) : r.status === 'cancelled' ? (
                  <span className="cell-sub">Not needed</span>
                ) : r.flight_info_requested_at ? (
                  <span className="cell-sub">Requested {formatDate(r.flight_info_requested_at)}</span>
                ) : (
                  <span className="cell-sub">Missing</span>
                )}
              </td>
              <td className="nowrap">
                {r.checked_in_count === 0 ? (
                  <span className="cell-sub">Not yet</span>
                ) : r.checked_in_count >= r.attendee_count ? (
                  'All'
                ) : (
                  `${r.checked_in_count} of ${r.attendee_count}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
