/**
 * Hotel information (docs/product.md#screens): confirmation #, room number and type, check-in/out, nights, 'Hotel
 * Booked Under' when the booking's name is not 'last, first' of the contact, notes, and the warnings
 * when the room does not cover the family's flights (shared/hotel-mismatch.ts).
 */
import { Alert } from '../../../components/alert';
import { formatDate } from '../../../lib/format';
import { hotelMismatchWarnings } from '../../../../shared/hotel-mismatch';
import type { Registration } from '../../../../shared/schemas/registration';
import type { FlightInfoRecord } from '../api/get-registration';
import { Detail, DetailList } from './detail-list';
import { HotelUnlinkList } from './hotel-unlink-list';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The booking name, when it is not the contact's 'Last, First'. */
export function bookedUnderName(r: Registration): string | null {
  if (!r.hotel_guest_name) return null;
  const expected = `${r.primary_last_name}, ${r.primary_first_name}`;
  return norm(r.hotel_guest_name) === norm(expected) ? null : r.hotel_guest_name;
}

export interface HotelBlockProps {
  registration: Registration;
  flights: FlightInfoRecord[];
  /** admins may unlink the bookings ; leave out for everyone else */
  unlink?: { disabledReason?: string; onFailure: (text: string) => void };
}

export function HotelBlock({ registration: r, flights, unlink }: HotelBlockProps) {
  const hasHotel = !!(r.hotel_confirmation_number || r.hotel_room_number || r.hotel_check_in_date);
  const warnings = hasHotel
    ? hotelMismatchWarnings(
        { checkIn: r.hotel_check_in_date, checkOut: r.hotel_check_out_date },
        {
          arrivalDates: flights.filter((f) => f.flight_type === 'arrival').map((f) => f.flight_date),
          departureDates: flights.filter((f) => f.flight_type === 'departure').map((f) => f.flight_date),
        },
      )
    : [];
  const bookedUnder = bookedUnderName(r);
  return (
    <section className="card" aria-labelledby="hotel-title">
      <h2 id="hotel-title">Hotel Information</h2>
      {!hasHotel ? (
        <p className="note">No hotel booking is linked to this registration yet.</p>
      ) : (
        <>
          {warnings.map((w) => (
            <Alert key={w} kind="warning">
              {w}
            </Alert>
          ))}
          <DetailList>
            <Detail label="Confirmation #">{r.hotel_confirmation_number}</Detail>
            <Detail label="Room Number">{r.hotel_room_number}</Detail>
            <Detail label="Room Type">{r.hotel_room_type}</Detail>
            <Detail label="Check-in">{formatDate(r.hotel_check_in_date)}</Detail>
            <Detail label="Check-out">{formatDate(r.hotel_check_out_date)}</Detail>
            <Detail label="Nights">{r.hotel_nights ?? null}</Detail>
            {bookedUnder && <Detail label="Hotel Booked Under">{bookedUnder}</Detail>}
            {r.hotel_notes && <Detail label="Notes">{r.hotel_notes}</Detail>}
          </DetailList>
          {unlink && (
            <HotelUnlinkList
              registrationId={r.id}
              shownConfirmation={r.hotel_confirmation_number ?? null}
              disabledReason={unlink.disabledReason}
              onFailure={unlink.onFailure}
            />
          )}
        </>
      )}
    </section>
  );
}
