/**
 * What a visitor without staff sign-in sees (docs/product.md#screens Registration detail): the yellow notice to verify
 * through Check Registration (and no personal data) when not verified; once verified, the flight form
 * link and the 'Make Payment' button (shown while active and not fully paid; online payment has no
 * handler yet, so it is shown disabled with a note).
 */
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { ButtonLink } from '../../../components/button';
import type { Registration } from '../../../../shared/schemas/registration';
import type { FlightInfoRecord } from '../api/get-registration';
import { realFlights } from './flight-cards';

export function UnverifiedNotice({ reason }: { reason?: string }) {
  return (
    <div className="page page-narrow">
      <Alert kind="warning" title="Verification required">
        <p>{reason ?? 'Please verify your email to view this registration.'}</p>
        <p>
          Go to <Link to="/check-registration">Check Registration</Link> and enter the email address used for the registration; we will send
          you a code to confirm it is you.
        </p>
      </Alert>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </div>
  );
}

export function LoadFailure({
  message,
  detail = 'Check the registration number, or try again later.',
}: {
  message: string;
  detail?: string;
}) {
  return (
    <div className="page page-narrow">
      <section className="card" role="alert" aria-labelledby="load-failure-title">
        <h1 id="load-failure-title">{message}</h1>
        <p className="note">{detail}</p>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </section>
    </div>
  );
}

export function flightFormPath(r: Registration): string {
  return `/flight-info?registrationId=${r.id}&verified=true`;
}

export function VisitorActions({ registration: r, flights }: { registration: Registration; flights: FlightInfoRecord[] }) {
  const hasFlights = realFlights(flights).length > 0;
  const owes = r.status === 'active' && !r.waive_fees && (r.balance_due ?? 0) > 0;
  return (
    <section className="card" aria-labelledby="visitor-actions-title">
      <h2 id="visitor-actions-title">Your Registration</h2>
      <div className="actions">
        <ButtonLink to={flightFormPath(r)} variant={hasFlights ? 'secondary' : 'primary'}>
          {hasFlights ? 'Edit Flight Info' : 'Add Flight Information'}
        </ButtonLink>
        {owes && (
          <button type="button" className="btn btn-primary" disabled aria-describedby="make-payment-note">
            Make Payment
          </button>
        )}
      </div>
      {owes && (
        <p id="make-payment-note" className="note">
          Online payment is not available yet. Please contact the organisers to pay your balance.
        </p>
      )}
    </section>
  );
}
