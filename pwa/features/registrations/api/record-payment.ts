/**
 * POST /api/registrations/{id}/payments {amount (dollars; negative = refund), method, note}, with an
 * Idempotency-Key. A payment whose answer was lost (the connection dropped after the server saved it)
 * looks failed, and the admin sends it again: the same payment sent again carries the same key, so
 * the server answers it as already recorded instead of taking the money twice. Each payment sent keeps
 * its key until it has an answer (a success or a refusal); a 5xx or no answer at all keeps it, since
 * the server may have saved it. A payment typed differently is another payment, with a key of its own.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRetryKeys } from '../../../lib/use-retry-keys';
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
  const keys = useRetryKeys(paymentOf);
  return useMutation({
    mutationFn: (sent: Sent) => recordPayment(sent.registrationId, sent.body, keys.keyFor(sent)),
    onSuccess: (_, sent) => {
      keys.answered(sent);
      return qc.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: (error, sent) => keys.answered(sent, error),
  });
}
