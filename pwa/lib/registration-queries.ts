/**
 * The first part of every registration read's query key (the list, a registration's page for staff, a
 * registrant or an anonymous visitor, its payments and history), so that a change made in another
 * feature, e.g. a visitor's flights submitted on the flight form, refreshes them all at once.
 */
import { useQueryClient } from '@tanstack/react-query';

export const REGISTRATIONS_QUERY = 'registrations';

/** Marks every registration read stale: what is on screen refetches, what is opened next loads afresh. */
export function useRefreshRegistrations(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [REGISTRATIONS_QUERY] });
}
