/**
 * 'Search Registrations' (docs/product.md#screens): GET /api/hotel-assignments/search-matches?name=…&assignmentId=… with
 * the signal, else the same ranking over the registrations cached on this device (pwa/offline/candidates).
 * Either way the possible-name-match highlight and the name's agreement ('Same name') compare the
 * BOOKING's guest name (spec: first or last word of guest names), not the words typed
 * (shared/candidate-ranking.ts `agreeWith`).
 */
import { ApiError, api } from '../../../lib/api-client';
import { rankCandidates } from '../../../offline/candidates';
import { queryRegistrations } from '../../../offline/queries';
import { getAppDb } from '../../../offline/runtime';
import type { HotelMatchCandidate } from '../../../../shared/schemas/hotel';
import type { CachedHotelAssignment } from '../../../offline/types';

export interface SearchAnswer {
  matches: HotelMatchCandidate[];
  /** true when the answer came from this device's copy (no signal) */
  fromDevice: boolean;
}

export async function searchRegistrations(text: string, booking: CachedHotelAssignment, online: boolean): Promise<SearchAnswer> {
  if (online) {
    try {
      const res = await api.get<{ matches: HotelMatchCandidate[] }>('/hotel-assignments/search-matches', {
        query: { name: text, assignmentId: booking.id },
      });
      return { matches: res.matches, fromDevice: false };
    } catch (e) {
      if (!(e instanceof ApiError && e.isNetworkError)) throw e;
    }
  }
  const registrations = await queryRegistrations(getAppDb());
  return { matches: rankCandidates(booking, registrations, undefined, text), fromDevice: true };
}
