/**
 * POST /api/registrations/{id}/payments {amount (dollars; negative = refund), method, note}, with an
 * Idempotency-Key. A payment whose answer was lost (the connection dropped after the server saved it)
 * looks failed, and the admin sends it again: the same payment sent again carries the same key, so
 * the server answers it as already recorded instead of taking the money twice. Each payment sent keeps
 * its key until it has an answer (a success or a refusal); a 5xx or no answer at all keeps it, since
 * the server may have saved it. A payment typed differently is another payment, with a key of its own.
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

type Sent = { registrationId: number | string; body: PaymentBody };
const paymentOf = ({ registrationId, body }: Sent) => JSON.stringify([registrationId, body.amount, body.method, body.note]);

export function useRecordPayment() {
  const qc = useQueryClient();
  /** each payment sent that has had no answer yet, and its key */
  const unanswered = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: (sent: Sent) => {
      const payment = paymentOf(sent);
      let key = unanswered.current.get(payment);
      if (!key) unanswered.current.set(payment, (key = crypto.randomUUID()));
      return recordPayment(sent.registrationId, sent.body, key);
    },
    onSuccess: (_, sent) => {
      unanswered.current.delete(paymentOf(sent));
      return qc.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: (error, sent) => {
      // refused by the server (bad amount, not allowed): that answer came, so the next try is a new payment
      if (error instanceof ApiError && error.status !== 0 && error.status < 500) unanswered.current.delete(paymentOf(sent));
    },
  });
}
