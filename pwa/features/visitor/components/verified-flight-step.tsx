/**
 * The flight form of /flight-info for a verified visitor (or an admin): whose registration it is, the
 * shared flight form, and the submit (docs/product.md#messages Flight rows, On flight submit; docs/product.md#messages Submit). The page hands
 * in the loaded registration; a refused registrant token (401) goes back to the page, which asks for
 * the email again.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form-errors';
import { useEvent } from '../../../lib/public-config';
import { flightRules, submitVerifiedSchema } from '../../../../shared/schemas/flight';
import type { VerifiedRegistration } from '../../../../shared/schemas/verification';
import { submitVerifiedFlights } from '../api/flight-info-api';
import { flightsForValidation, flightsToSubmit } from '../flight-form-model';
import { focusFirstError } from '../focus-first-error';
import type { FlightFormController } from '../use-flight-form';
import { FlightForm } from './flight-form';

export interface VerifiedFlightStepProps {
  registration: VerifiedRegistration;
  form: FlightFormController;
  onSubmitted: () => void;
  /** the server no longer accepts the verification: `message` is its sentence */
  onUnauthorized: (message: string) => void;
}

export function VerifiedFlightStep({ registration, form, onSubmitted, onUnauthorized }: VerifiedFlightStepProps) {
  const rules = flightRules(useEvent());
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const { needsTransportation } = form.state;
    const checked = validateForm(submitVerifiedSchema(rules), {
      registrationId: registration.id,
      needsTransportation,
      flights: flightsForValidation(form.state),
    });
    if (checked.errors) {
      form.setErrors(checked.errors);
      focusFirstError(root.current);
      return;
    }
    setBusy(true);
    try {
      await submitVerifiedFlights({ registrationId: registration.id, needsTransportation, flights: flightsToSubmit(form.state) });
      onSubmitted();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) {
        onUnauthorized(err.message);
        return;
      }
      if (err instanceof ApiError) form.setErrors(err.fields);
      setFormError(errorMessage(err, 'Failed to submit flight information'));
      focusFirstError(root.current);
    }
  }

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
      {formError && <Alert kind="error">{formError}</Alert>}
      <FlightForm form={form} window={rules} disabled={busy} />
      <Button type="submit" className="btn-block submit-flights" busy={busy} busyText="Submitting...">
        Submit Flight Information
      </Button>
    </form>
  );
}
