/** GET /api/registrations/{id}/history: the audit trail of a registration and what hangs off it, newest first (admins). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Pagination } from '../../../../shared/schemas/registration';
import type { HistoryEntry } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export type { HistoryEntry };

export const HISTORY_PAGE_SIZE = 20;

export const historyQueryOptions = (ref: string, page: number) =>
  queryOptions({
    queryKey: registrationKeys.history(ref, page),
    queryFn: ({ signal }) =>
      api.get<{ history: HistoryEntry[]; pagination: Pagination }>(`/registrations/${encodeURIComponent(ref)}/history`, {
        query: { page, limit: HISTORY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useHistory(ref: string, page: number, enabled: boolean) {
  return useQuery({ ...historyQueryOptions(ref, page), enabled });
}
