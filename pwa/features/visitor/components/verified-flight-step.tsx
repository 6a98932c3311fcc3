/**
 * The flight form of /flight-info for a verified visitor (or an admin): whose registration it is, the
 * shared flight form, and the submit (docs/product.md#messages Flight rows, On flight submit; docs/product.md#messages Submit). The page hands
 * in the loaded registration; a refused registrant token (401) goes back to the page, which asks for
 * the email again.
 */
import { useRef } from 'react';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { useEvent } from '../../../lib/public-config';
import { useRefreshRegistrations } from '../../../lib/registration-queries';
import { flightRules, submitVerifiedSchema } from '../../../../shared/schemas/flight';
import type { VerifiedRegistration } from '../../../../shared/schemas/verification';
import { submitVerifiedFlights } from '../api/flight-info-api';
import { flightsForValidation, flightsToSubmit } from '../flight-form-model';
import type { FlightFormController } from '../use-flight-form';
import { ChangedMeanwhile, FlightForm, SubmitFlights } from './flight-form';

export interface VerifiedFlightStepProps {
  registration: VerifiedRegistration;
  form: FlightFormController;
  /** with whether a confirmation mail went this time */
  onSubmitted: (confirmationSent: boolean) => void;
  /** the server no longer accepts the verification: `message` is its sentence */
  onUnauthorized: (message: string) => void;
}

/** The server no longer accepts the registrant's verification. */
const unauthorized = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 401;

export function VerifiedFlightStep({ registration, form, onSubmitted, onUnauthorized }: VerifiedFlightStepProps) {
  const rules = flightRules(useEvent());
  const root = useRef<HTMLFormElement>(null);
  const refreshRegistrations = useRefreshRegistrations();
  const onSubmit = form.submit({
    schema: submitVerifiedSchema(rules, { form: true }),
    body: (v) => ({ registrationId: registration.id, needsTransportation: v.needsTransportation, flights: flightsForValidation(v) }),
    send: async (_, v) => {
      form.noteSending();
      const answer = await submitVerifiedFlights({
        registrationId: registration.id,
        basedOn: form.basedOn(),
        needsTransportation: v.needsTransportation,
        flights: flightsToSubmit(v),
      });
      // the registration's page, opened next, shows the flights just saved, not the copy it had
      refreshRegistrations();
      onSubmitted(answer.confirmationSent !== false);
    },
    after: 'keep',
    fallback: 'Failed to submit flight information',
    fields: (err) => (err instanceof ApiError && err.status !== 401 ? err.fields : {}),
    onError: (err) => {
      if (unauthorized(err)) onUnauthorized(err.message);
      form.noteFailure(err);
    },
  });

  return (
    <form ref={root} onSubmit={onSubmit} noValidate className="visitor-step">
      <div className="registration-summary">
        <p className="summary-number">Registration {registration.registrationNumber}</p>
        <p className="summary-name">{registration.primaryName}</p>
        {registration.attendees.length > 0 && (
          <p className="note">
            {registration.attendees.length} {registration.attendees.length === 1 ? 'attendee' : 'attendees'}:{' '}
            {registration.attendees.map((a) => `${a.firstName} ${a.lastName}`).join(', ')}
          </p>
        )}
      </div>
      {form.result && <Alert kind="error">{form.result.text}</Alert>}
      <ChangedMeanwhile form={form} resend={() => root.current?.requestSubmit()} />
      <FlightForm form={form} window={rules} disabled={form.busy} />
      <SubmitFlights busy={form.busy} />
    </form>
  );
}
