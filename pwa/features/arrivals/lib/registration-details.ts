/**
 * The registration details modal's content (docs/product.md#screens: Registration Information, Primary Contact, Payment
 * Information, Hotel Information, Attendees), from whichever copy is at hand: the server's answer, the
 * admin's cached registration, or — a greeter offline — the arrival's own summary. Pure.
 */
import { hotelMismatchWarnings } from '../../../../shared/hotel-mismatch';
import type { AgeCategory } from '../../../../shared/constants';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import type { FlightInfoRecord } from '../../../../shared/schemas/flight';
import type { ArrivalView } from '../../../offline/types';

export interface DetailsView {
  registrationNumber: string;
  status: Registration['status'] | null;
  createdAt: string | null;
  counts: Record<AgeCategory, number>;
  contact: { name: string; email: string; phone: string; location: string | null };
  /** null when this viewer gets no money fields (greeters) or the copy has none */
  payment: { total: number; paid: number; status: string } | null;
  /** null unless a hotel confirmation number exists */
  hotel: {
    confirmationNumber: string;
    roomNumber: string | null;
    roomType: string | null;
    checkIn: string | null;
    checkOut: string | null;
    nights: number | null;
    warnings: string[];
  } | null;
  /** dietary null = unknown in this copy (the arrival summary carries none) */
  attendees: { key: string; name: string; ageCategory: AgeCategory; dietary: string | null | undefined }[];
}

const countsOf = (cats: AgeCategory[]) =>
  cats.reduce<Record<AgeCategory, number>>((c, k) => ({ ...c, [k]: (c[k] ?? 0) + 1 }), { adult: 0, youth: 0, child: 0 });

/** 'Paid', 'Partial', 'Pending', 'Refunded', or 'Waived' when fees are waived (docs/product.md#rules). */
export function paymentStatusLabel(r: Pick<Registration, 'payment_status' | 'waive_fees'>): string {
  if (r.waive_fees) return 'Waived';
  const s = (r.payment_status as string | undefined) === 'completed' ? 'paid' : r.payment_status;
  return s ? s[0].toUpperCase() + s.slice(1) : 'Unknown';
}

export const locationOf = (r: Pick<Registration, 'city' | 'state' | 'country'>) =>
  [r.city, r.state, r.country].filter((x) => x && x.trim()).join(', ') || null;

/** From GET /registrations/{id}, or an admin's cached registration (same fields, `flights` for `flightInfo`). */
export function detailsFromRegistration(registration: Registration, attendees: Attendee[], flights: FlightInfoRecord[]): DetailsView {
  const r = registration;
  const hasMoney = typeof r.total_amount === 'number' && typeof r.paid_amount === 'number';
  return {
    registrationNumber: r.registration_number,
    status: r.status,
    createdAt: r.created_at,
    counts: countsOf(attendees.map((a) => a.age_category)),
    contact: {
      name: `${r.primary_first_name} ${r.primary_last_name}`.trim(),
      email: r.primary_email,
      phone: r.primary_phone,
      location: locationOf(r),
    },
    payment: hasMoney ? { total: r.total_amount!, paid: r.paid_amount!, status: paymentStatusLabel(r) } : null,
    hotel: r.hotel_confirmation_number
      ? {
          confirmationNumber: r.hotel_confirmation_number,
          roomNumber: r.hotel_room_number,
          roomType: r.hotel_room_type,
          checkIn: r.hotel_check_in_date,
          checkOut: r.hotel_check_out_date,
          nights: r.hotel_nights,
          warnings: hotelMismatchWarnings(
            { checkIn: r.hotel_check_in_date, checkOut: r.hotel_check_out_date },
            {
              arrivalDates: flights.filter((f) => f.flight_type === 'arrival').map((f) => f.flight_date),
              departureDates: flights.filter((f) => f.flight_type === 'departure').map((f) => f.flight_date),
            },
          ),
        }
      : null,
    attendees: attendees.map((a) => ({
      key: String(a.id),
      name: `${a.first_name} ${a.last_name}`.trim(),
      ageCategory: a.age_category,
      dietary: a.dietary_restrictions,
    })),
  };
}

/** A greeter offline: what the cached arrival knows (no status, address, money or dietary needs). */
export function detailsFromArrival(a: ArrivalView): DetailsView {
  return {
    registrationNumber: a.registrationNumber,
    status: null,
    createdAt: null,
    counts: countsOf(a.attendees.map((p) => p.ageCategory)),
    contact: { name: a.primaryContactName, email: a.primaryContactEmail, phone: a.primaryContactPhone, location: null },
    payment: null,
    hotel: a.hotel
      ? {
          confirmationNumber: a.hotel.confirmationNumber,
          roomNumber: a.hotel.roomNumber,
          roomType: a.hotel.roomType,
          checkIn: a.hotel.checkIn,
          checkOut: a.hotel.checkOut,
          nights: a.hotel.nights,
          warnings: a.hotelWarnings,
        }
      : null,
    attendees: a.attendees.map((p, i) => ({
      key: `${i}`,
      name: `${p.firstName} ${p.lastName}`.trim(),
      ageCategory: p.ageCategory,
      dietary: undefined,
    })),
  };
}
