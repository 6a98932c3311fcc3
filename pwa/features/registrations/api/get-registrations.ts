/** GET /api/registrations (docs/product.md#api): one page of the list with the filters of the list screen. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import type { Pagination, RegistrationListItem } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

/** The list screen's filters; '' means "not filtered" (the server reads '' and 'all' the same way). */
export interface RegistrationFilterValues {
  search: string;
  status: string;
  payment_status: string;
  flights: string;
  checked_in: string;
}

export interface RegistrationListParams extends RegistrationFilterValues {
  page: number;
  limit: number;
}

export interface RegistrationListResponse {
  registrations: RegistrationListItem[];
  pagination: Pagination;
}

export const EMPTY_FILTERS: RegistrationFilterValues = { search: '', status: '', payment_status: '', flights: '', checked_in: '' };

export const getRegistrations = (params: RegistrationListParams, signal?: AbortSignal) =>
  api.get<RegistrationListResponse>('/registrations', { query: { ...params }, signal });

export const registrationsQueryOptions = (params: RegistrationListParams) =>
  queryOptions({
    queryKey: registrationKeys.list(params),
    queryFn: ({ signal }) => getRegistrations(params, signal),
    // keep the current page on screen while the next one loads (no flicker when paging or typing)
    placeholderData: keepPreviousData,
  });

export function useRegistrations(filters: RegistrationFilterValues, page: number, limit = LIST_PAGE_SIZE) {
  return useQuery(registrationsQueryOptions({ ...filters, page, limit }));
}
