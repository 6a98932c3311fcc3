/**
 * Hotel/flight mismatch warnings : a family whose room starts after they land, or ends before
 * they fly home, needs a phone call. Pure, so the registration page, the arrivals modal, the hotel card
 * and the server all say the same sentence.
 */
import { shortDate } from './calendar-date';

export interface HotelDates {
  checkIn: string | null | undefined;
  checkOut: string | null | undefined;
}

export interface TravelDates {
  /** dates ('YYYY-MM-DD') of the registration's arrival flights; the earliest one counts */
  arrivalDates: (string | null | undefined)[];
  /** dates of its departure flights; the latest one counts */
  departureDates: (string | null | undefined)[];
}

const valid = (ds: (string | null | undefined)[]) =>
  ds
    .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d))
    .map((d) => d.slice(0, 10))
    .sort();

/**
 * The warnings for one registration, e.g. 'Hotel check-in (Nov 28) is after arrival (Nov 27)' and
 * 'Hotel check-out (Nov 29) is before departure (Nov 30)'. No hotel dates or no flights: no warning.
 */
export function hotelMismatchWarnings(hotel: HotelDates, travel: TravelDates): string[] {
  const warnings: string[] = [];
  const arrivals = valid(travel.arrivalDates);
  const departures = valid(travel.departureDates);
  const firstArrival = arrivals[0];
  const lastDeparture = departures[departures.length - 1];
  const checkIn = hotel.checkIn?.slice(0, 10);
  const checkOut = hotel.checkOut?.slice(0, 10);
  // ISO dates compare correctly as strings
  if (checkIn && firstArrival && checkIn > firstArrival) {
    warnings.push(`Hotel check-in (${shortDate(checkIn)}) is after arrival (${shortDate(firstArrival)})`);
  }
  if (checkOut && lastDeparture && checkOut < lastDeparture) {
    warnings.push(`Hotel check-out (${shortDate(checkOut)}) is before departure (${shortDate(lastDeparture)})`);
  }
  return warnings;
}
