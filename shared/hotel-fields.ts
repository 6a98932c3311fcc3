/**
 * What a hotel booking puts on the registration it is linked to (docs/architecture.md#one-contract),
 * and the arrivals board's hotel summary of those fields. One rule for the server's link and import,
 * the demo event, and a link made offline on a device, which must show exactly what the server will copy.
 */
import type { ArrivalHotel, HotelAssignment, RegistrationHotelFields } from './schemas/records';

/** The parts of a booking a link copies. */
export type BookingStay = Pick<
  HotelAssignment,
  'guest_name' | 'confirmation_number' | 'room_type' | 'room_number' | 'check_in_date' | 'check_out_date' | 'nights' | 'notes'
>;

/** The registration's hotel_* fields once this booking is linked to it. */
export function hotelFieldsFromBooking(b: BookingStay): RegistrationHotelFields {
  return {
    hotel_confirmation_number: b.confirmation_number,
    hotel_room_number: b.room_number,
    hotel_room_type: b.room_type,
    hotel_check_in_date: b.check_in_date,
    hotel_check_out_date: b.check_out_date,
    hotel_nights: b.nights,
    hotel_guest_name: b.guest_name,
    hotel_notes: b.notes,
  };
}

/** The arrivals board's hotel summary: null while no booking is linked. */
export function arrivalHotelOf(h: RegistrationHotelFields): ArrivalHotel | null {
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
