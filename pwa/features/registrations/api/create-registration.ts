/**
 * POST /api/registrations (docs/product.md#api): the admin form (with the bot-challenge token) and the manual form
 * (with `attendees[]`) share the endpoint; the server tells them apart by the `attendees` key. With an
 * Idempotency-Key (use-retry-keys.ts): Create Registration pressed again after a lost answer creates one
 * registration. The challenge's token is no part of what identifies the request: a retry solves a new one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRetryKeys } from '../../../lib/use-retry-keys';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { AdminCreateInput, ManualCreateInput, Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export interface CreatedRegistration {
  registration: Registration;
  attendees: Attendee[];
}

type CreateBody = AdminCreateInput | ManualCreateInput;

export const createRegistration = (body: CreateBody, idempotencyKey?: string) =>
  api.post<CreatedRegistration>('/registrations', body, { idempotencyKey });

/** What a create is, without its challenge token. */
const identify = (body: CreateBody) => JSON.stringify({ ...body, turnstileToken: undefined });

export function useCreateRegistration() {
  const qc = useQueryClient();
  const keys = useRetryKeys(identify);
  return useMutation({
    mutationFn: (body: CreateBody) => createRegistration(body, keys.keyFor(body)),
    onSuccess: (_, body) => {
      keys.answered(body);
      return qc.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: (error, body) => keys.answered(body, error),
  });
}
