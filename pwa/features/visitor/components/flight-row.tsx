/**
 * One flight of the flight form (docs/product.md#screens Flight form rows): type, airline (the 18 named airlines plus
 * 'Other'), flight number, the airport (the event's, or Other with a name), date (limited to the event's
 * flight window), time (landing or take-off, local time at that airport), adults, children, child seats
 * and special instructions. Laid out for a 375 px phone: one column, with date/time side by side
 * and the three counts in one row, every control at least 44 px tall.
 */
import { SelectField, TextAreaField, TextField, type Option } from '../../../components/form-field';
import { DateField, NumberField, TimeField } from '../../../components/typed-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { AIRLINES, FLIGHT_TYPES, OTHER_AIRLINE } from '../../../../shared/constants';
import { OTHER_AIRPORT, type FlightRules } from '../../../../shared/schemas/flight';
import { rowErrorKey, type FlightRowState } from '../flight-form-model';

const TYPE_OPTIONS: Option[] = FLIGHT_TYPES.map((t) => ({ value: t, label: t === 'arrival' ? 'Arrival' : 'Departure' }));
const AIRLINE_OPTIONS: Option[] = AIRLINES.map((a) => ({ value: a, label: a }));

export interface FlightRowProps {
  index: number;
  row: FlightRowState;
  errors: FieldErrors;
  window: FlightRules;
  /** the tokenised form requires a type, so its select offers an empty choice */
  requireType?: boolean;
  canRemove: boolean;
  disabled?: boolean;
  onChange: (patch: Partial<Omit<FlightRowState, 'key'>>) => void;
  onRemove: () => void;
}

export function FlightRow({ index, row, errors, window, requireType, canRemove, disabled, onChange, onRemove }: FlightRowProps) {
  const err = (field: Parameters<typeof rowErrorKey>[1]) => errors[rowErrorKey(index, field)];
  const number = index + 1;
  // a saved airline that is not on the list (older data) is still shown, so the visitor can see and fix it
  const airportOptions: Option[] = [
    ...window.airports.map((a) => ({ value: a.code, label: `${a.code} — ${a.name}` })),
    { value: OTHER_AIRPORT, label: 'Other' },
  ];
  const departing = row.flightType === 'departure';
  const airlineOptions =
    row.airline && !AIRLINE_OPTIONS.some((o) => o.value === row.airline)
      ? [...AIRLINE_OPTIONS, { value: row.airline, label: row.airline }]
      : AIRLINE_OPTIONS;

  return (
    <fieldset className="flight-row" disabled={disabled}>
      <legend>Flight {number}</legend>
      <SelectField
        label="Flight Type"
        options={TYPE_OPTIONS}
        placeholder={requireType ? 'Select type' : undefined}
        value={row.flightType}
        onChange={(e) => onChange({ flightType: e.target.value as FlightRowState['flightType'] })}
        error={err('flightType')}
        required
      />
      <SelectField
        label="Airline"
        options={airlineOptions}
        placeholder="Select airline"
        value={row.airline}
        onChange={(e) => onChange({ airline: e.target.value })}
        error={err('airline')}
        required
      />
      {row.airline === OTHER_AIRLINE && (
        <TextField
          label="Airline Name"
          value={row.airlineName}
          onChange={(e) => onChange({ airlineName: e.target.value })}
          error={err('airlineName')}
          maxLength={100}
          placeholder="e.g. Aeroméxico"
          required
        />
      )}
      <TextField
        label="Flight Number"
        value={row.flightNumber}
        onChange={(e) => onChange({ flightNumber: e.target.value })}
        error={err('flightNumber')}
        autoCapitalize="characters"
        autoComplete="off"
        placeholder="e.g. AA1234"
        maxLength={20}
        required
      />
      <SelectField
        label={departing ? 'Airport (departing from)' : 'Airport (landing at)'}
        options={airportOptions}
        placeholder="Select airport"
        value={row.airport}
        onChange={(e) => onChange({ airport: e.target.value })}
        error={err('airport')}
        hint={
          departing
            ? 'Leave it empty if you do not know yet.'
            : 'So the greeters wait at the right airport. Leave it empty if you do not know yet.'
        }
      />
      {row.airport === OTHER_AIRPORT && (
        <TextField
          label="Airport Name"
          value={row.airportName}
          onChange={(e) => onChange({ airportName: e.target.value })}
          error={err('airportName')}
          maxLength={100}
          placeholder="e.g. Austin-Bergstrom"
          required
        />
      )}
      <div className="flight-pair">
        <DateField
          label="Flight Date"
          min={window.min}
          max={window.max}
          value={row.flightDate}
          onChange={(e) => onChange({ flightDate: e.target.value })}
          error={err('flightDate')}
          required
        />
        <TimeField
          label="Flight Time"
          hint={departing ? 'Take-off, local time' : 'Landing, local time'}
          value={row.flightTime}
          onChange={(e) => onChange({ flightTime: e.target.value })}
          error={err('flightTime')}
          required
        />
      </div>
      <div className="flight-counts">
        <NumberField
          label="Number of Adults"
          inputMode="numeric"
          min={0}
          step={1}
          value={row.adultsCount}
          onChange={(e) => onChange({ adultsCount: e.target.value })}
          error={err('adultsCount')}
          required
        />
        <NumberField
          label="Number of Children"
          inputMode="numeric"
          min={0}
          step={1}
          value={row.childrenCount}
          onChange={(e) => onChange({ childrenCount: e.target.value })}
          error={err('childrenCount')}
        />
        <NumberField
          label="Child Seats Needed"
          inputMode="numeric"
          min={0}
          step={1}
          value={row.childSeatsNeeded}
          onChange={(e) => onChange({ childSeatsNeeded: e.target.value })}
          error={err('childSeatsNeeded')}
        />
      </div>
      <TextAreaField
        label="Special Instructions"
        rows={2}
        value={row.specialInstructions}
        onChange={(e) => onChange({ specialInstructions: e.target.value })}
        error={err('specialInstructions')}
        maxLength={1000}
        placeholder="Wheelchair, extra luggage, …"
      />
      {canRemove && (
        <button type="button" className="btn btn-ghost btn-small flight-remove" onClick={onRemove} aria-label={`Remove Flight ${number}`}>
          Remove Flight
        </button>
      )}
    </fieldset>
  );
}
