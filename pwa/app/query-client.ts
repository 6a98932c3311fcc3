/**
 * TanStack Query defaults: retry only what can succeed later (no answer, 5xx), never a 4xx; data is
 * fresh for 30 s so moving between screens does not refetch everything on a slow connection.
 */
import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => isRetryable(error) && failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
      },
      mutations: { retry: false },
    },
  });
}
