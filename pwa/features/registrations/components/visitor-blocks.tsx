/**
 * What a visitor without staff sign-in sees (docs/product.md#screens Registration detail): the yellow notice to verify
 * through Check Registration (and no personal data) when not verified; once verified, the flight form
 * link and the 'Make Payment' button (shown while active and not fully paid): there is no online payment,
 * so it opens how to pay: the balance, the organisers' instructions (EVENT_PAYMENT_INSTRUCTIONS), the
 * support email, and that the balance can be paid at the check-in desk.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import type { Registration } from '../../../../shared/schemas/registration';
import type { FlightInfoRecord } from '../api/get-registration';
import { realFlights } from './flight-cards';
import { useEvent } from '../../../lib/public-config';
import { formatMoney } from '../../../lib/format';

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
  onRetry,
}: {
  message: string;
  detail?: string;
  /** offered as Try Again (the server could not be reached) */
  onRetry?: () => void;
}) {
  return (
    <div className="page page-narrow">
      <section className="card" role="alert" aria-labelledby="load-failure-title">
        <h1 id="load-failure-title">{message}</h1>
        <p className="note">{detail}</p>
        <div className="form-actions">
          {onRetry && <Button onClick={onRetry}>Try Again</Button>}
          <ButtonLink to="/" variant={onRetry ? 'secondary' : undefined}>
            Return to Home
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

export function flightFormPath(r: Registration): string {
  return `/flight-info?registrationId=${r.id}&verified=true`;
}

export function VisitorActions({ registration: r, flights }: { registration: Registration; flights: FlightInfoRecord[] }) {
  const event = useEvent();
  const hasFlights = realFlights(flights).length > 0;
  const owes = r.status === 'active' && !r.waive_fees && (r.balance_due ?? 0) > 0;
  const [paying, setPaying] = useState(false);
  return (
    <section className="card" aria-labelledby="visitor-actions-title">
      <h2 id="visitor-actions-title">Your Registration</h2>
      <div className="actions">
        <ButtonLink to={flightFormPath(r)} variant={hasFlights ? 'secondary' : 'primary'}>
          {hasFlights ? 'Edit Flight Info' : 'Add Flight Information'}
        </ButtonLink>
        {owes && (
          <button
            type="button"
            className="btn btn-primary"
            aria-expanded={paying}
            aria-controls="make-payment"
            onClick={() => setPaying((v) => !v)}
          >
            Make Payment
          </button>
        )}
      </div>
      {owes && paying && (
        <div id="make-payment" className="make-payment" role="region" aria-labelledby="make-payment-title">
          <h3 id="make-payment-title">How to pay</h3>
          <p>
            Balance due: <strong>{formatMoney(r.balance_due)}</strong>
          </p>
          <p>{event.paymentInstructions}</p>
          {/* the event's own instructions may already name the desk (the default ones do) */}
          {!/check-in desk/i.test(event.paymentInstructions) && <p>You can also pay the balance at the check-in desk when you arrive.</p>}
          <p className="note">
            Questions about paying? Write to <a href={`mailto:${event.supportEmail}`}>{event.supportEmail}</a>.
          </p>
        </div>
      )}
    </section>
  );
}
