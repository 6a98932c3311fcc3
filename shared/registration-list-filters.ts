/**
 * The registrations list's rows and filters as a device makes them from its saved copy (an admin with no
 * connection): the same rules the server's SQL applies (server/services/registrations/registration-filters.ts),
 * and tests/api/registrations-list.test.ts checks the two agree on the same registrations. Search is the
 * cache query's own (pwa/offline/local-search.ts).
 */
import type { RegistrationFilters, RegistrationListItem } from './schemas/registration';
import type { SyncedRegistration } from './schemas/records';
import { isPlaceholderFlight } from './schemas/flight';

/** A registration of the device's copy as a row of the list, its facts worked out as the server's list does. */
export function listItemOf(r: SyncedRegistration): RegistrationListItem {
  return {
    id: r.id,
    registration_number: r.registration_number,
    status: r.status,
    payment_status: r.payment_status ?? 'pending',
    primary_first_name: r.primary_first_name,
    primary_last_name: r.primary_last_name,
    primary_email: r.primary_email,
    primary_phone: r.primary_phone,
    city: r.city,
    state: r.state,
    country: r.country,
    attendee_count: r.attendees.length,
    total_amount: r.total_amount ?? 0,
    paid_amount: r.paid_amount ?? 0,
    waive_fees: !!r.waive_fees,
    created_at: r.created_at,
    has_flights: r.flights.some((f) => !isPlaceholderFlight(f)),
    needs_transportation: r.needs_transportation,
    checked_in_count: r.attendees.filter((a) => a.checked_in).length,
    flight_info_requested_at: r.flight_info_requested_at,
    hotel_confirmation_number: r.hotel_confirmation_number,
  };
}

export type ListFilterFacts = Pick<
  RegistrationListItem,
  'status' | 'payment_status' | 'waive_fees' | 'state' | 'has_flights' | 'needs_transportation' | 'checked_in_count' | 'attendee_count'
>;

export function matchesListFilters(r: ListFilterFacts, f: Omit<RegistrationFilters, 'search'>): boolean {
  if (f.status && r.status !== f.status) return false;
  // a list row reads older data's 'completed' as 'paid', as the filter does
  if (f.payment_status === 'waived' ? !r.waive_fees : f.payment_status && r.payment_status !== f.payment_status) return false;
  if (f.state && (r.state ?? '').toLowerCase() !== f.state.toLowerCase()) return false;
  if (f.flights === 'present' && !r.has_flights) return false;
  // missing: no flight, not the answer "no airport transportation needed", and not cancelled
  if (f.flights === 'missing' && (r.has_flights || !r.needs_transportation || r.status === 'cancelled')) return false;
  const someoneIn = r.checked_in_count > 0;
  const someoneOut = r.checked_in_count < r.attendee_count;
  if (f.checked_in === 'everyone' && !(someoneIn && !someoneOut)) return false;
  if (f.checked_in === 'some' && !(someoneIn && someoneOut)) return false;
  if (f.checked_in === 'none' && someoneIn) return false;
  return true;
}
