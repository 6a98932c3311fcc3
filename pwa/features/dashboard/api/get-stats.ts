/**
 * GET /api/registrations/stats/summary (docs/product.md#api): retried up to 3 times, 1 second apart, but only when
 * the server could not be reached (docs/product.md#messages: "after three retries"); a refusal or a server fault is shown at once.
 * Keyed under 'registrations' so any change to a registration (which invalidates that prefix) refreshes
 * the dashboard's numbers too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, serverSentence } from '../../../lib/api-client';
import type { RegistrationStats } from '../../../../shared/schemas/registration';

export const STATS_RETRIES = 3;
export const STATS_RETRY_DELAY_MS = 1000;

export const statsKeys = {
  summary: () => ['registrations', 'stats', 'summary'] as const,
};

export const isNetworkError = (e: unknown) => e instanceof ApiError && e.isNetworkError;

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.summary(),
    queryFn: ({ signal }) => api.get<RegistrationStats>('/registrations/stats/summary', { signal }),
    retry: (failures, error) => isNetworkError(error) && failures < STATS_RETRIES,
    retryDelay: STATS_RETRY_DELAY_MS,
    // asked while the browser says offline too: paused instead, the Overview said "Loading statistics..."
    // for as long as the signal stayed away, never the network error and its Try Again
    networkMode: 'always',
  });

export const useStats = () => useQuery(statsQueryOptions());

/** The docs/product.md#messages statistics messages. */
export function statsErrorMessage(e: unknown): string {
  if (isNetworkError(e)) return 'Network error - please check if the backend server is running on port 4000';
  if (e instanceof ApiError && e.status === 401) return 'Authentication error - please log in again';
  // the server's sentence, else the screen's (a 500 without one, an answer that could not be read)
  return (e instanceof ApiError && serverSentence(e)) || 'Failed to load statistics';
}
