/**
 * Candidate registrations for each unmatched booking, ranked on the device from the cached
 * registrations, so Find Match works with no signal (docs/product.md#offline: the unmatched bookings with
 * candidates). Stored in the `candidates` table (assignment id → ranked list), recomputed
 * after a download of bookings or registrations. The ranking is the server's, from one rule in
 * shared/candidate-ranking.ts, over the cached registrations that are not cancelled.
 */
import { HOTEL_CANDIDATE_LIMIT } from '../../shared/constants';
import { hotelMismatchWarnings } from '../../shared/hotel-mismatch';
import type { AppDB } from './db';
import { rankCandidates as rankByName } from '../../shared/candidate-ranking';
import type { CachedCandidates, CachedRegistration, CandidateMatch, HotelAssignmentRow } from './types';

/** Ranked candidates for one booking: by its guest's name, or by `search` (words typed for it) compared with its guest. */
export function rankCandidates(
  booking: Pick<HotelAssignmentRow, 'guest_name' | 'check_in_date' | 'check_out_date'>,
  registrations: Pick<
    CachedRegistration,
    | 'id'
    | 'status'
    | 'searchText'
    | 'registration_number'
    | 'primary_first_name'
    | 'primary_last_name'
    | 'primary_email'
    | 'hotel_confirmation_number'
    | 'flights'
    | 'city'
    | 'attendees'
  >[],
  limit = HOTEL_CANDIDATE_LIMIT,
  search?: string,
): CandidateMatch[] {
  const ranked = rankByName(
    search ?? booking.guest_name,
    registrations.filter((r) => r.status !== 'cancelled'),
    (r) => ({
      id: r.id,
      searchText: r.searchText,
      firstName: r.primary_first_name,
      lastName: r.primary_last_name,
      number: r.registration_number,
    }),
    limit,
    booking.guest_name,
  );
  return ranked.map(({ item: r, possible, match, hits }) => ({
    id: r.id,
    registration_number: r.registration_number,
    primary_first_name: r.primary_first_name,
    primary_last_name: r.primary_last_name,
    primary_email: r.primary_email,
    hotel_confirmation_number: r.hotel_confirmation_number,
    possible_match: possible,
    name_match: match,
    city: r.city,
    party_size: r.attendees.length,
    warnings: hotelMismatchWarnings(
      { checkIn: booking.check_in_date, checkOut: booking.check_out_date },
      {
        arrivalDates: r.flights.filter((f) => f.flight_type === 'arrival').map((f) => f.flight_date),
        departureDates: r.flights.filter((f) => f.flight_type === 'departure').map((f) => f.flight_date),
      },
    ),
    score: ({ full: 300, surname: 200, first: 100, other: 0 } as const)[match] + hits,
  }));
}

/** Recomputes the candidates of every cached booking (a few hundred × a few hundred: milliseconds). */
export async function refreshCandidates(db: AppDB): Promise<void> {
  await db.transaction('rw', [db.candidates, db.hotelAssignments, db.registrations, db.meta], async () => {
    const [bookings, registrations] = await Promise.all([db.hotelAssignments.toArray(), db.registrations.toArray()]);
    const updatedAt = new Date().toISOString();
    const rows: CachedCandidates[] = bookings.map((b) => ({
      assignmentId: b.id,
      matches: rankCandidates(b, registrations),
      updatedAt,
    }));
    await db.candidates.clear();
    await db.candidates.bulkPut(rows);
    await db.setMeta('candidatesStale', false);
  });
}
