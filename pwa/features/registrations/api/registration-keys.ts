/**
 * Query keys of the registrations feature. Every key starts with 'registrations', so invalidating
 * `registrationKeys.all` after a change refreshes the list, the open detail, its payments and the
 * dashboard's statistics (which the dashboard keys under the same prefix) in one call.
 */
import type { RegistrationListParams } from './get-registrations';
import { REGISTRATIONS_QUERY } from '../../../lib/registration-queries';

export const registrationKeys = {
  all: [REGISTRATIONS_QUERY] as const,
  lists: () => [...registrationKeys.all, 'list'] as const,
  list: (params: RegistrationListParams) => [...registrationKeys.lists(), params] as const,
  details: () => [...registrationKeys.all, 'detail'] as const,
  /** `viewer` separates what staff, a registrant and an anonymous visitor are allowed to see */
  detail: (ref: string, viewer: string) => [...registrationKeys.details(), ref, viewer] as const,
  payments: (ref: string) => [...registrationKeys.all, 'payments', ref] as const,
  history: (ref: string, page: number) => [...registrationKeys.all, 'history', ref, page] as const,
};
