/** The flight info record as the API emits it (docs/product.md#api, snake_case). Dates 'YYYY-MM-DD', times 'HH:MM'. */
import type { flights } from '../../db/schema';
import type { FlightInfoRecord } from '../../../shared/schemas/flight';

export type { FlightInfoRecord };

export type FlightRow = typeof flights.$inferSelect;

export const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

export function serializeFlight(f: FlightRow): FlightInfoRecord {
  return {
    id: f.id,
    flight_type: f.flightType,
    flight_date: f.flightDate,
    flight_time: hhmm(f.flightTime),
    airline: f.airline,
    flight_number: f.flightNumber,
    airport: f.airport,
    airport_name: f.airportName,
    adults_count: f.adultsCount,
    children_count: f.childrenCount,
    child_seats_needed: f.childSeatsNeeded,
    needs_transportation: f.needsTransportation,
    special_instructions: f.specialInstructions,
    picked_up: f.pickedUp,
    picked_up_at: f.pickedUpAt?.toISOString() ?? null,
    picked_up_by: f.pickedUpBy,
    created_at: f.createdAt.toISOString(),
  };
}

/** Who reads a flight: staff, or the visitor (their own registration, or whoever holds its emailed link). */
export type FlightReader = 'staff' | 'visitor';

/** A flight as `reader` may read it: which greeter met the family stays with the staff. */
export const flightFor = (f: FlightInfoRecord, reader: FlightReader): FlightInfoRecord =>
  reader === 'staff' ? f : { ...f, picked_up_by: null };
