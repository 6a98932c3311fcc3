/**
 * The flight form body shared by /flight-info and /flight-info/{token} (docs/product.md#screens Flight form rows, docs/product.md#messages):
 * the needs-transportation choice, then (when transportation is needed) the flight rows with 'Add
 * Flight', and a remove control on each row only while there is more than one. The page owns the
 * surrounding <form> and the call; SubmitFlights is both pages' submit button.
 */
import { Button } from '../../../components/button';
import { useOnline } from '../../../lib/use-online';
import type { FlightRules } from '../../../../shared/schemas/flight';
import type { FlightFormController } from '../use-flight-form';
import { FlightRow } from './flight-row';

export interface FlightFormProps {
  form: FlightFormController;
  window: FlightRules;
  requireType?: boolean;
  disabled?: boolean;
}

export function FlightForm({ form, window, requireType, disabled }: FlightFormProps) {
  const { values: state, errors, savedFlights } = form;
  return (
    <div className="flight-form">
      <fieldset className="choice-group" disabled={disabled}>
        <legend>Do you need airport transportation?</legend>
        <div className="choices">
          <label className={`choice${state.needsTransportation ? ' choice-selected' : ''}`}>
            <input
              type="radio"
              name="needsTransportation"
              checked={state.needsTransportation}
              onChange={() => form.setNeedsTransportation(true)}
            />
            <span>Yes, I need transportation</span>
          </label>
          <label className={`choice${!state.needsTransportation ? ' choice-selected' : ''}`}>
            <input
              type="radio"
              name="needsTransportation"
              checked={!state.needsTransportation}
              onChange={() => form.setNeedsTransportation(false)}
            />
            <span>No, I don't need transportation</span>
          </label>
        </div>
        {errors.needsTransportation && (
          <p className="field-error" role="alert">
            {errors.needsTransportation}
          </p>
        )}
      </fieldset>

      {state.needsTransportation ? (
        <>
          <p className="note">Add your arrival and departure flights so we can meet you at the airport.</p>
          {state.rows.map((row, index) => (
            <FlightRow
              key={row.key}
              index={index}
              row={row}
              errors={errors}
              window={window}
              requireType={requireType}
              canRemove={state.rows.length > 1}
              disabled={disabled}
              onChange={(patch) => form.updateRow(index, patch)}
              onRemove={() => form.removeRow(index)}
            />
          ))}
          {errors.flights && (
            <p className="form-error" role="alert">
              {errors.flights}
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={(e) => {
              // the keyboard goes to the new flight's first box, not left below it on the button
              const rows = e.currentTarget.parentElement;
              form.addRow();
              requestAnimationFrame(() => rows?.querySelector<HTMLElement>('.flight-row:last-of-type select')?.focus());
            }}
            disabled={disabled}
          >
            + Add Flight
          </button>
        </>
      ) : (
        <p className="note">
          No flights will be saved.
          {savedFlights > 0 &&
            ` Your ${savedFlights === 1 ? 'saved flight' : `${savedFlights} saved flights`} will be removed when you submit.`}
        </p>
      )}
    </div>
  );
}

/** Both flight forms' submit, with a word for a visitor with no signal: what was typed stays on the page. */
export function SubmitFlights({ busy }: { busy: boolean }) {
  const online = useOnline();
  return (
    <>
      {!online && (
        <p className="note" role="status">
          You are offline. What you typed stays on this page: submit it once you are back online.
        </p>
      )}
      <Button type="submit" className="btn-block submit-flights" busy={busy} busyText="Submitting...">
        Submit Flight Information
      </Button>
    </>
  );
}

/**
 * After a 409 (the saved flights changed on another device or by the organisers since the form was
 * opened): start again from them (a reload: the tab's draft of the old ones is then dropped,
 * flight-draft.ts), or send this form anyway (`resend` submits it again, now without its base).
 */
export function ChangedMeanwhile({ form, resend }: { form: FlightFormController; resend: () => void }) {
  if (!form.changed) return null;
  return (
    <div className="actions">
      {/* the keyboard lands on the choice, not on the page (the alert above is read out) */}
      <Button variant="secondary" onClick={() => window.location.reload()} disabled={form.busy} autoFocus>
        Show the saved flights
      </Button>
      <Button
        onClick={() => {
          form.sendAnyway();
          resend();
        }}
        disabled={form.busy}
      >
        Send mine anyway
      </Button>
    </div>
  );
}
