/**
 * POST /api/registrations/{id}/attendees (docs/product.md#messages Add attendee); the totals follow on the
 * server. With an Idempotency-Key (use-retry-keys.ts): Add Attendee pressed again after a lost answer adds
 * the attendee once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRetryKeys } from '../../../lib/use-retry-keys';
import type { Attendee, AttendeeCreateInput } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const addAttendee = (registrationId: number | string, body: AttendeeCreateInput, idempotencyKey?: string) =>
  api.post<{ attendee: Attendee; registration: Registration }>(`/registrations/${registrationId}/attendees`, body, { idempotencyKey });

type Sent = { registrationId: number | string; body: AttendeeCreateInput };

export function useAddAttendee() {
  const qc = useQueryClient();
  const keys = useRetryKeys(({ registrationId, body }: Sent) => JSON.stringify([registrationId, body]));
  return useMutation({
    mutationFn: (sent: Sent) => addAttendee(sent.registrationId, sent.body, keys.keyFor(sent)),
    onSuccess: (_, sent) => {
      keys.answered(sent);
      return qc.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: (error, sent) => keys.answered(sent, error),
  });
}
