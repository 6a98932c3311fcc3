/**
 * Flight Information cards (docs/product.md#screens): one card per flight with type, airline and number, date and
 * time, passengers, child seats and instructions; staff also see the pickup. Placeholder rows
 * (airline 'N/A') are not flights and are left out.
 */
import { AIRPORT_NOT_GIVEN, OTHER_AIRPORT } from '../../../../shared/airports';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { isPlaceholderFlight } from '../../../../shared/placeholder-flight';
import type { FlightInfoRecord } from '../api/get-registration';

export const realFlights = (flights: FlightInfoRecord[]) => flights.filter((f) => !isPlaceholderFlight(f));

/**
 * `needsTransportation`: the registration's answer. With no flights, "No" is an answer (the flight form
 * took it), not a missing one.
 */
export function FlightCards({
  flights,
  showPickup,
  needsTransportation,
}: {
  flights: FlightInfoRecord[];
  showPickup: boolean;
  needsTransportation: boolean;
}) {
  const shown = realFlights(flights);
  return (
    <section className="card" aria-labelledby="flights-title">
      <h2 id="flights-title">Flight Information</h2>
      {shown.length === 0 ? (
        <p className="note">
          {needsTransportation ? 'No flight information has been submitted yet.' : 'No airport transportation needed.'}
        </p>
      ) : (
        <ul className="flight-cards">
          {shown.map((f) => (
            <li key={f.id} className={`flight-card flight-${f.flight_type}`}>
              <p className="flight-type">{f.flight_type === 'arrival' ? 'Arrival' : 'Departure'}</p>
              <p className="flight-name">
                {f.airline} {f.flight_number}
              </p>
              <p className="cell-sub">
                {f.airport ? `${f.airport === OTHER_AIRPORT ? '' : `${f.airport} · `}${f.airport_name ?? ''}` : AIRPORT_NOT_GIVEN}
              </p>
              <p>
                {formatDate(f.flight_date)}
                {f.flight_time ? ` at ${formatTime(f.flight_time)}` : ''}
              </p>
              <p className="cell-sub">
                {f.adults_count} adult{f.adults_count === 1 ? '' : 's'}, {f.children_count} child{f.children_count === 1 ? '' : 'ren'}
                {f.child_seats_needed > 0 ? `, ${f.child_seats_needed} child seat${f.child_seats_needed === 1 ? '' : 's'}` : ''}
              </p>
              <p className="cell-sub">{f.needs_transportation ? 'Needs airport transportation' : 'No transportation needed'}</p>
              {f.special_instructions && <p className="cell-sub">Instructions: {f.special_instructions}</p>}
              {showPickup && f.flight_type === 'arrival' && f.picked_up && (
                <p className="badge badge-green">
                  Picked up{f.picked_up_at ? ` ${formatDateTime(f.picked_up_at)}` : ''}
                  {f.picked_up_by ? ` by ${f.picked_up_by}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
