/**
 * What a linked booking puts on its registration (shared/hotel-fields.ts): the one rule the server's link
 * and import, the demo event and a device's offline link all use.
 */
import { describe, expect, it } from 'vitest';
import { arrivalHotelOf, hotelFieldsFromBooking } from '../../shared/hotel-fields';

const booking = {
  guest_name: 'Abernathy, Jun',
  confirmation_number: 'HX-2231',
  room_type: 'King',
  room_number: '412',
  check_in_date: '2026-11-27',
  check_out_date: '2026-11-30',
  nights: 3,
  notes: 'Late arrival',
};

describe('hotelFieldsFromBooking', () => {
  it("copies every part of the stay onto the registration's hotel fields, the guest name as booked", () => {
    expect(hotelFieldsFromBooking(booking)).toEqual({
      hotel_confirmation_number: 'HX-2231',
      hotel_room_number: '412',
      hotel_room_type: 'King',
      hotel_check_in_date: '2026-11-27',
      hotel_check_out_date: '2026-11-30',
      hotel_nights: 3,
      hotel_guest_name: 'Abernathy, Jun',
      hotel_notes: 'Late arrival',
    });
  });

  it('keeps what the booking leaves out as null (a room not yet given stays unknown, not blank)', () => {
    const fields = hotelFieldsFromBooking({ ...booking, room_number: null, nights: null, notes: null });
    expect(fields).toMatchObject({ hotel_room_number: null, hotel_nights: null, hotel_notes: null });
  });

  it("gives the arrivals board's summary only while a booking is linked", () => {
    expect(arrivalHotelOf(hotelFieldsFromBooking(booking))).toEqual({
      confirmationNumber: 'HX-2231',
      roomNumber: '412',
      roomType: 'King',
      checkIn: '2026-11-27',
      checkOut: '2026-11-30',
      nights: 3,
    });
    expect(arrivalHotelOf({ ...hotelFieldsFromBooking(booking), hotel_confirmation_number: null })).toBeNull();
  });
});
