/**
 * GET /api/registrations/{id} (docs/product.md#api): the registration, its attendees and flights. Staff read with
 * their session; a visitor with the registrant token the api client adds (X-Registrant-Token).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { RegistrationDetail } from '../../../../shared/schemas/registration';
import type { FlightInfoRecord } from '../../../../shared/schemas/flight';
import { registrationKeys } from './registration-keys';

export type { FlightInfoRecord, RegistrationDetail };

export const getRegistration = (ref: string, signal?: AbortSignal) =>
  api.get<RegistrationDetail>(`/registrations/${encodeURIComponent(ref)}`, { signal });

export const registrationQueryOptions = (ref: string, viewer: string) =>
  queryOptions({
    queryKey: registrationKeys.detail(ref, viewer),
    queryFn: ({ signal }) => getRegistration(ref, signal),
    // 401/403/404 are answers, not hiccups: show them at once; a lost answer or a 5xx is tried once more,
    // a second later, so the failure's sentence and "Return to Home" come within two seconds
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    retryDelay: 1000,
  });

export function useRegistration(ref: string, viewer: string, enabled = true) {
  return useQuery({ ...registrationQueryOptions(ref, viewer), enabled });
}
