/**
 * /flight-info (docs/product.md#screens; docs/decisions.md "Visitor screens"): email → code ('Back to Email') → flight
 * form → 'Flight Information Submitted!'.
 *
 * With ?registrationId=…&verified=true (the link on the registration page) the email and code steps are
 * skipped when the visitor counts as verified (docs/decisions.md "Visitor screens": verified=true in the address, this tab's 30-minute
 * marker for that registration, or the stored verification naming it). Those are hints only: the server
 * trusts the registrant token (or a staff session), so the form loads only when
 * GET /flight-info/registration/{id} accepts it; otherwise the visitor is asked for the email as usual.
 * A 401 there or on submit means the verification lapsed: it is cleared and the flow starts again.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { ApiError, errorMessage, getToken, isRetryable } from '../../lib/api-client';
import { useRetryWhenOnline } from '../../lib/use-online';
import type { VerifiedRegistration } from '../../../shared/schemas/verification';
import { isFlightEditVerified, markFlightEditSession } from '../../app/registrant/flight-edit-session';
import { clearVerification, getRegistrantToken, readVerification } from '../../app/registrant/verification-store';
import { getFlightRegistration } from './api/flight-info-api';
import { CodeStep } from './components/code-step';
import { EmailStep } from './components/email-step';
import { NO_NEW_CONFIRMATION, SuccessPanel } from './components/success-panel';
import { UnreachablePanel } from './components/unreachable-panel';
import { VerifiedFlightStep } from './components/verified-flight-step';
import { useFlightForm } from './use-flight-form';
import { registrationPath, rememberVerification } from './verify-success';
import { readPendingCode } from './pending-code';

/** unreachable: the registration could not be loaded for want of a connection (tried again once back online) */
type Step = 'checking' | 'unreachable' | 'email' | 'code' | 'form' | 'done';

/** Whether to try the address's registration straight away: a verification hint plus a token to prove it. */
function canSkipVerification(ref: string, addressVerified: boolean): boolean {
  if (!ref) return false;
  const hinted = isFlightEditVerified(ref, addressVerified, readVerification());
  return hinted && (getRegistrantToken() !== null || getToken() !== null);
}

export default function FlightInfoPage() {
  const [params, setParams] = useSearchParams();
  const ref = params.get('registrationId')?.trim() ?? '';
  const addressVerified = params.get('verified') === 'true';
  const form = useFlightForm();
  // a code sent from this tab, and still valid, is asked for again after a reload (pending-code.ts)
  const [pending] = useState(() => readPendingCode('flight-info'));
  const [step, setStep] = useState<Step>(() => (canSkipVerification(ref, addressVerified) ? 'checking' : pending ? 'code' : 'email'));
  const [email, setEmail] = useState(pending ?? '');
  const [notice, setNotice] = useState<string | null>(null);
  const [registration, setRegistration] = useState<VerifiedRegistration | null>(null);
  /** why the registration could not be loaded, while step is 'unreachable' */
  const [failure, setFailure] = useState<unknown>(null);
  const [confirmationSent, setConfirmationSent] = useState(true);

  useEffect(() => {
    if (step !== 'checking') return;
    const abort = new AbortController();
    getFlightRegistration(ref, abort.signal).then(
      ({ registration: reg, existingFlights }) => {
        if (addressVerified) markFlightEditSession({ id: reg.id, registrationNumber: reg.registrationNumber });
        form.load(existingFlights, reg.needsTransportation, '', reg.registrationNumber);
        setRegistration(reg);
        setEmail(reg.email);
        setStep('form');
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        // no answer (or a server down for a moment): the verification still stands, so the visitor is not
        // sent back to the email step
        if (isRetryable(err)) {
          setFailure(err);
          setStep('unreachable');
          return;
        }
        if (err instanceof ApiError && err.status === 401) clearVerification();
        setNotice(
          err instanceof ApiError && (err.status === 401 || err.status === 403)
            ? err.message
            : errorMessage(err, 'Failed to load registration'),
        );
        setStep('email');
      },
    );
    return () => abort.abort();
    // runs once per entry into the 'checking' step (ref and form are fixed while it runs)
  }, [step]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  useRetryWhenOnline(step === 'unreachable', () => setStep('checking'));

  if (step === 'checking') return <PageSpinner label="Loading your registration..." />;

  if (step === 'unreachable')
    return <UnreachablePanel title="Failed to load registration" error={failure} onRetry={() => setStep('checking')} />;

  if (step === 'done' && registration) {
    return (
      <div className="visitor-page">
        <SuccessPanel
          title="Flight Information Submitted!"
          actions={
            <>
              <ButtonLink to="/">Return to Home</ButtonLink>
              <ButtonLink to={registrationPath(registration.registrationNumber)} variant="secondary">
                View Registration
              </ButtonLink>
            </>
          }
        >
          <p>Thank you! Your flight information for registration {registration.registrationNumber} has been saved.</p>
          <p className="note">{confirmationSent ? `A confirmation email is on its way to ${registration.email}.` : NO_NEW_CONFIRMATION}</p>
        </SuccessPanel>
      </div>
    );
  }

  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information</h1>
        {step === 'email' && (
          <>
            <EmailStep
              flow="flight-info"
              initialEmail={email}
              notice={notice && <Alert kind="warning">{notice}</Alert>}
              onSent={(sentTo) => {
                setEmail(sentTo);
                setNotice(null);
                setStep('code');
              }}
            />
            <p className="step-footer">
              Prefer a link? <Link to="/flight-info-lookup">Email me a link to the flight form</Link>
            </p>
          </>
        )}
        {step === 'code' && (
          <CodeStep
            flow="flight-info"
            email={email}
            // a link that names one of the email's registrations (its confirmation mail's): the code opens that one
            registrationId={ref || undefined}
            onBack={() => setStep('email')}
            onVerified={(answer) => {
              rememberVerification(email, answer);
              markFlightEditSession({ id: answer.registration.id, registrationNumber: answer.registration.registrationNumber });
              // back from a lapsed verification on the same registration: the rows being typed stay
              if (registration?.id !== answer.registration.id)
                form.load(
                  answer.existingFlights ?? [],
                  answer.registration.needsTransportation,
                  '',
                  answer.registration.registrationNumber,
                );
              setRegistration(answer.registration);
              setStep('form');
              // the address names the registration, so a reload reopens its form (this tab's marker)
              setParams({ registrationId: answer.registration.registrationNumber }, { replace: true });
            }}
          />
        )}
        {step === 'form' && registration && (
          <VerifiedFlightStep
            registration={registration}
            form={form}
            onSubmitted={(sent) => {
              form.forgetDraft();
              setConfirmationSent(sent);
              setStep('done');
            }}
            onUnauthorized={(message) => {
              clearVerification();
              setNotice(message);
              setStep('email');
            }}
          />
        )}
      </div>
    </div>
  );
}
