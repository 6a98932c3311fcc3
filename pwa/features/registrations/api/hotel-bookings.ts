/**
 * The hotel bookings linked to one registration (GET /api/hotel-assignments?registrationId={id}, admins)
 * and unlinking one (POST /api/hotel-assignments/{id}/unmatch): the booking goes back to the unmatched
 * list and the server refreshes the registration's hotel fields, so every registration query is refreshed.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { HotelAssignment } from '../../../../shared/schemas/hotel';
import { registrationKeys } from './registration-keys';

export const linkedBookingsQueryOptions = (registrationId: number) =>
  queryOptions({
    // under registrationKeys.all so that invalidating it after any change refreshes the list too
    queryKey: [...registrationKeys.all, 'hotel-bookings', registrationId] as const,
    queryFn: ({ signal }) => api.get<{ assignments: HotelAssignment[] }>('/hotel-assignments', { query: { registrationId }, signal }),
  });

export function useLinkedBookings(registrationId: number, enabled = true) {
  return useQuery({ ...linkedBookingsQueryOptions(registrationId), enabled });
}

/** Unlinks the booking from `registrationId`, the registration it was seen linked to: relinked meanwhile, it is refused. */
export const unlinkBooking = ({ assignmentId, registrationId }: { assignmentId: number; registrationId: number }) =>
  api.post<unknown>(`/hotel-assignments/${assignmentId}/unmatch`, { registrationId });

export function useUnlinkBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unlinkBooking,
    // refused too (linked elsewhere meanwhile): the page shows the booking where it is now
    onSettled: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
