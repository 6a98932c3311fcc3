/**
 * /flight-info/{token} (docs/product.md#screens Tokenised form, docs/product.md#messages Token verify): the link from the email. The token is
 * checked first (GET /flight-info/verify/{token}); an unknown or expired link says so and offers a new
 * one (/flight-info-lookup); no answer (no signal) says so, with Try Again, and checks again by itself
 * when the signal returns. After the submit: 'Thank You!' and the promise of a confirmation email.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { ApiError, errorMessage, isRetryable } from '../../lib/api-client';
import { useRetryWhenOnline } from '../../lib/use-online';
import { readVerification } from '../../app/registrant/verification-store';
import { verifyFlightToken, type FlightRequestInfo } from './api/flight-info-api';
import { NO_NEW_CONFIRMATION, SuccessPanel } from './components/success-panel';
import { UnreachablePanel } from './components/unreachable-panel';
import { TokenFlightForm } from './components/token-flight-form';
import { useFlightForm } from './use-flight-form';

type State =
  | { name: 'loading' }
  | { name: 'unreachable'; error: unknown }
  | { name: 'failed'; message: string; offerNewLink: boolean }
  | { name: 'form'; request: FlightRequestInfo }
  | { name: 'done'; request: FlightRequestInfo; confirmationSent: boolean };

export default function FlightInfoTokenPage() {
  const token = useParams().token?.trim() ?? '';
  const form = useFlightForm();
  const [state, setState] = useState<State>(() =>
    token ? { name: 'loading' } : { name: 'failed', message: 'Invalid URL', offerNewLink: true },
  );
  /** each Try Again (or the signal's return) checks the link again */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    setState({ name: 'loading' });
    verifyFlightToken(token, abort.signal).then(
      ({ request, existingFlights }) => {
        // a visitor who verified this registration in this browser is not asked to type the email again
        const verified = readVerification();
        const knownEmail = verified?.registrationNumber === request.registrationNumber ? verified.email : '';
        form.load(existingFlights, request.needsTransportation, knownEmail, request.registrationNumber);
        setState({ name: 'form', request });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        // no answer: the link may be fine, so it is not called broken; checked again when the signal returns
        if (isRetryable(err)) {
          setState({ name: 'unreachable', error: err });
          return;
        }
        const known = err instanceof ApiError && (err.status === 404 || err.status === 410);
        setState({ name: 'failed', message: errorMessage(err, 'Failed to verify token'), offerNewLink: known });
      },
    );
    return () => abort.abort();
    // form.load is stable (useCallback); the token, and each new attempt, are the inputs
  }, [token, form.load, attempt]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [state.name]);

  const retry = () => setAttempt((n) => n + 1);
  useRetryWhenOnline(state.name === 'unreachable', retry);

  if (state.name === 'loading') return <PageSpinner label="Checking your link..." />;
  if (state.name === 'unreachable') return <UnreachablePanel title="Failed to verify token" error={state.error} onRetry={retry} />;

  if (state.name === 'done') {
    return (
      <div className="visitor-page">
        <SuccessPanel title="Thank You!" actions={<ButtonLink to="/">Return to Home</ButtonLink>}>
          <p>Your flight information for registration {state.request.registrationNumber} has been submitted.</p>
          <p className="note">{state.confirmationSent ? 'You will receive a confirmation email shortly.' : NO_NEW_CONFIRMATION}</p>
        </SuccessPanel>
      </div>
    );
  }

  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information</h1>
        {state.name === 'failed' ? (
          <>
            <Alert kind="error">{state.message}</Alert>
            {state.offerNewLink && (
              <p>
                <Link to="/flight-info-lookup">Request a new link</Link>
              </p>
            )}
            <ButtonLink to="/" variant="secondary">
              Return to Home
            </ButtonLink>
          </>
        ) : (
          <TokenFlightForm
            token={token}
            request={state.request}
            form={form}
            onSubmitted={(confirmationSent) => {
              form.forgetDraft();
              setState({ name: 'done', request: state.request, confirmationSent });
            }}
          />
        )}
      </div>
    </div>
  );
}
