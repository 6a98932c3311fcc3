/**
 * The hotel fields of a registration (docs/product.md#api: hotel_confirmation_number … hotel_notes) as the
 * cache keeps them. What a linked booking puts there, and the arrivals' summary of them, are the shared
 * rules (shared/hotel-fields.ts) the server uses too, so a link made offline shows what the server copies.
 */
import { HOTEL_FIELDS, type HotelFields } from './types';

export { arrivalHotelOf, hotelFieldsFromBooking } from '../../shared/hotel-fields';

/** Just the hotel fields of a cached registration (absent ones as null). */
export function hotelFieldsOf(r: HotelFields): HotelFields {
  const out = {} as Record<(typeof HOTEL_FIELDS)[number], unknown>;
  for (const k of HOTEL_FIELDS) out[k] = r[k] ?? null;
  return out as HotelFields;
}
