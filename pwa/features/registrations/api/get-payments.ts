/**
 * GET /api/registrations/{id}/payments: the payment ledger, oldest first, with the current totals (admins).
 * One page of the most the server gives (a family has a handful); the section says when there are more.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PaymentLedger } from '../../../../shared/schemas/answers';
import { registrationKeys } from './registration-keys';

/** The most payments one page of the ledger holds (the server's limit). */
export const LEDGER_PAGE = 500;

export const paymentsQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: registrationKeys.payments(ref),
    queryFn: ({ signal }) => api.get<PaymentLedger>(`/registrations/${encodeURIComponent(ref)}/payments?limit=${LEDGER_PAGE}`, { signal }),
  });

export function usePayments(ref: string, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(ref), enabled });
}
