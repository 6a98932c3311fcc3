/**
 * POST /api/registrations/{id}/payments {amount (dollars; negative = refund), method, note}, with an
 * Idempotency-Key. A payment whose answer was lost (the connection dropped after the server saved it)
 * looks failed, and the admin sends it again: the same payment sent again carries the same key, so
 * the server answers it as already recorded instead of taking the money twice. The key is new once an
 * answer came, or when the amount, method, note or registration differ.
 */
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { Payment, Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export interface PaymentBody {
  amount: number;
  method: string;
  note: string | null;
}

export const recordPayment = (registrationId: number | string, body: PaymentBody, idempotencyKey: string) =>
  api.post<{ payment: Payment; registration: Registration }>(`/registrations/${registrationId}/payments`, body, { idempotencyKey });

export function useRecordPayment() {
  const qc = useQueryClient();
  /** the last payment sent that has had no answer yet, and its key */
  const unanswered = useRef<{ payment: string; key: string } | null>(null);
  return useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: number | string; body: PaymentBody }) => {
      const payment = JSON.stringify([registrationId, body.amount, body.method, body.note]);
      if (unanswered.current?.payment !== payment) unanswered.current = { payment, key: crypto.randomUUID() };
      return recordPayment(registrationId, body, unanswered.current.key);
    },
    onSuccess: () => {
      unanswered.current = null;
      return qc.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: (error) => {
      // refused by the server (bad amount, not allowed): that answer came, so the next try is a new payment
      if (error instanceof ApiError && error.status !== 0 && error.status < 500) unanswered.current = null;
    },
  });
}
