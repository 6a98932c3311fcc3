/**
 * The form of /flight-info/{token} (docs/product.md#screens Tokenised form, docs/product.md#messages Tokenised form, docs/product.md#messages Submit): whose
 * registration the link is for, its expiry and a support contact, then the registration's email (it
 * must match), the flight form with the type required, and the bot challenge.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { useEvent } from '../../../lib/public-config';
import { flightRules, submitWithTokenSchema } from '../../../../shared/schemas/flight';
import { submitTokenFlights, type FlightRequestInfo } from '../api/flight-info-api';
import { flightsForValidation, flightsToSubmit } from '../flight-form-model';
import { focusFirstError } from '../focus-first-error';
import type { FlightFormController } from '../use-flight-form';
import { ChallengeField, useChallengeRequired } from './challenge-field';
import { FlightForm } from './flight-form';
import { VisitorEmailField } from './visitor-email-field';

const CHALLENGE_MISSING = 'Please complete the security verification.';

export interface TokenFlightFormProps {
  token: string;
  request: FlightRequestInfo;
  form: FlightFormController;
  onSubmitted: () => void;
}

export function TokenFlightForm({ token, request, form, onSubmitted }: TokenFlightFormProps) {
  const event = useEvent();
  const challengeRequired = useChallengeRequired();
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  /** Splits messages between this form's own fields and the flight rows'. */
  function showErrors(all: FieldErrors) {
    const own: FieldErrors = {};
    const flights: FieldErrors = {};
    for (const [k, v] of Object.entries(all)) (k.startsWith('flights') || k === 'needsTransportation' ? flights : own)[k] = v;
    setErrors(own);
    form.setErrors(flights);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const { needsTransportation } = form.state;
    const checked = validateForm(submitWithTokenSchema(flightRules(event)), {
      token,
      email,
      needsTransportation,
      flights: flightsForValidation(form.state),
      turnstileToken: challenge,
    });
    const found: FieldErrors = checked.errors ? { ...checked.errors } : {};
    if (challengeRequired && !challenge) found.turnstileToken = CHALLENGE_MISSING;
    if (Object.keys(found).length) {
      showErrors(found);
      focusFirstError(root.current);
      return;
    }
    showErrors({});
    setBusy(true);
    try {
      await submitTokenFlights({
        token,
        email: email.trim(),
        needsTransportation,
        flights: flightsToSubmit(form.state),
        turnstileToken: challenge,
      });
      onSubmitted();
    } catch (err) {
      if (err instanceof ApiError) showErrors(err.fields);
      setFormError(errorMessage(err, 'Failed to submit flight information'));
      setResetKey((k) => k + 1); // the server has used up this challenge solution
      setBusy(false);
      focusFirstError(root.current);
    }
  }

  return (
    <form ref={root} onSubmit={onSubmit} noValidate className="visitor-step">
      <dl className="details registration-summary">
        <div>
          <dt>Registration Number</dt>
          <dd>{request.registrationNumber}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{request.name}</dd>
        </div>
      </dl>
      <p className="note">
        This link expires on <strong>{formatDate(request.expiresAt)}</strong>. Questions? Contact{' '}
        <a href={`mailto:${event.supportEmail}`}>{event.supportEmail}</a>.
      </p>
      {formError && <Alert kind="error">{formError}</Alert>}
      <VisitorEmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
        error={errors.email}
        hint="The email address of this registration"
      />
      <FlightForm form={form} window={flightRules(event)} requireType disabled={busy} />
      <ChallengeField
        onToken={setChallenge}
        resetKey={resetKey}
        error={errors.turnstileToken}
        onError={(message) => setErrors(({ turnstileToken: _, ...rest }) => (message ? { ...rest, turnstileToken: message } : rest))}
      />
      <Button type="submit" className="btn-block submit-flights" busy={busy} busyText="Submitting...">
        Submit Flight Information
      </Button>
    </form>
  );
}
