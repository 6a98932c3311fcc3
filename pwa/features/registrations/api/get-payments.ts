/** GET /api/registrations/{id}/payments: the payment ledger, oldest first, with the current totals (admins). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PaymentStatus } from '../../../../shared/constants';
import type { Payment } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export interface PaymentLedger {
  payments: Payment[];
  total_amount: number;
  paid_amount: number;
  balance_due: number;
  payment_status: PaymentStatus;
}

export const paymentsQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: registrationKeys.payments(ref),
    queryFn: ({ signal }) => api.get<PaymentLedger>(`/registrations/${encodeURIComponent(ref)}/payments`, { signal }),
  });

export function usePayments(ref: string, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(ref), enabled });
}
