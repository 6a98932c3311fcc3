/** POST /api/registrations/{id}/payments {amount (dollars; negative = refund), method, note}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Payment, Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export interface PaymentBody {
  amount: number;
  method: string;
  note: string | null;
}

export const recordPayment = (registrationId: number | string, body: PaymentBody) =>
  api.post<{ payment: Payment; registration: Registration }>(`/registrations/${registrationId}/payments`, body);

export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: number | string; body: PaymentBody }) => recordPayment(registrationId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
