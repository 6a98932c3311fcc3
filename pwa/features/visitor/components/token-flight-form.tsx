/**
 * The form of /flight-info/{token} (docs/product.md#screens Tokenised form, docs/product.md#messages Tokenised form, docs/product.md#messages Submit): whose
 * registration the link is for, its expiry and a support contact, then the registration's email (it
 * must match), the flight form with the type required, and the bot challenge.
 */
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { useEvent } from '../../../lib/public-config';
import { useRefreshRegistrations } from '../../../lib/registration-queries';
import { flightRules, submitWithTokenSchema } from '../../../../shared/schemas/flight';
import { CHALLENGE_MESSAGES } from '../../../../shared/schemas/common';
import { formatDay } from '../../../../shared/time-zone';
import { submitTokenFlights, type FlightRequestInfo } from '../api/flight-info-api';
import { flightsForValidation, flightsToSubmit } from '../flight-form-model';
import type { FlightFormController } from '../use-flight-form';
import { ChallengeField, useChallengeRequired } from './challenge-field';
import { ChangedMeanwhile, FlightForm, SubmitFlights } from './flight-form';
import { VisitorEmailField } from './visitor-email-field';

export interface TokenFlightFormProps {
  token: string;
  request: FlightRequestInfo;
  form: FlightFormController;
  /** with whether a confirmation mail went this time */
  onSubmitted: (confirmationSent: boolean) => void;
}

export function TokenFlightForm({ token, request, form, onSubmitted }: TokenFlightFormProps) {
  const event = useEvent();
  const challengeRequired = useChallengeRequired();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const root = useRef<HTMLFormElement>(null);
  const refreshRegistrations = useRefreshRegistrations();
  const onSubmit = form.submit({
    schema: submitWithTokenSchema(flightRules(event), { form: true }),
    body: (v) => ({
      token,
      email: v.email,
      needsTransportation: v.needsTransportation,
      flights: flightsForValidation(v),
      turnstileToken: challenge,
    }),
    extra: () => (challengeRequired && !challenge ? { turnstileToken: CHALLENGE_MESSAGES.missing } : undefined),
    send: async (_, v) => {
      form.noteSending();
      const answer = await submitTokenFlights({
        token,
        basedOn: form.basedOn(),
        email: v.email.trim(),
        needsTransportation: v.needsTransportation,
        flights: flightsToSubmit(v),
        turnstileToken: challenge,
      });
      refreshRegistrations(); // the registration's page, opened next, shows these flights
      onSubmitted(answer.confirmationSent !== false);
    },
    after: 'keep',
    fallback: 'Failed to submit flight information',
    onError: (err) => {
      setResetKey((k) => k + 1); // the server has used up this challenge solution
      form.noteFailure(err);
    },
  });

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
        This link expires on <strong>{formatDay(new Date(request.expiresAt), event.timeZone)}</strong>. Questions? Contact{' '}
        <a href={`mailto:${event.supportEmail}`}>{event.supportEmail}</a>.
      </p>
      {form.result && <Alert kind="error">{form.result.text}</Alert>}
      <ChangedMeanwhile form={form} resend={() => root.current?.requestSubmit()} />
      <VisitorEmailField
        value={form.values.email}
        onChange={(value) => form.set('email', value)}
        error={form.errors.email}
        hint={
          request.emailHint ? `The email address of this registration (${request.emailHint})` : 'The email address of this registration'
        }
      />
      <FlightForm form={form} window={flightRules(event)} requireType disabled={form.busy} />
      <ChallengeField
        onToken={setChallenge}
        resetKey={resetKey}
        error={form.errors.turnstileToken}
        onError={(message) => form.setErrors(({ turnstileToken: _, ...rest }) => (message ? { ...rest, turnstileToken: message } : rest))}
      />
      <SubmitFlights busy={form.busy} />
    </form>
  );
}
