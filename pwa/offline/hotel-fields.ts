/**
 * The hotel fields of a registration (docs/product.md#api: hotel_confirmation_number … hotel_notes), and what a
 * booking puts there when it is linked: the same copy POST /api/hotel-assignments/{id}/match makes on
 * the server, done on the device so a link made offline shows at once.
 */
import { HOTEL_FIELDS, type HotelAssignmentRow, type HotelFields } from './types';

export function hotelFieldsOf(r: HotelFields): HotelFields {
  const out = {} as Record<(typeof HOTEL_FIELDS)[number], unknown>;
  for (const k of HOTEL_FIELDS) out[k] = r[k] ?? null;
  return out as HotelFields;
}

export function hotelFieldsFromAssignment(a: HotelAssignmentRow): HotelFields {
  return {
    hotel_confirmation_number: a.confirmation_number,
    hotel_room_number: a.room_number,
    hotel_room_type: a.room_type,
    hotel_check_in_date: a.check_in_date,
    hotel_check_out_date: a.check_out_date,
    hotel_nights: a.nights,
    hotel_guest_name: a.guest_name,
    hotel_notes: a.notes,
  };
}

/** The arrivals' hotel summary (shared FlightArrival.hotel) for these hotel fields. */
export function arrivalHotelOf(h: HotelFields) {
  return h.hotel_confirmation_number
    ? {
        confirmationNumber: h.hotel_confirmation_number,
        roomNumber: h.hotel_room_number,
        roomType: h.hotel_room_type,
        checkIn: h.hotel_check_in_date,
        checkOut: h.hotel_check_out_date,
        nights: h.hotel_nights,
      }
    : null;
}
