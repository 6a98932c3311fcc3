/**
 * POST /api/registrations (docs/product.md#api): the admin form (with the bot-challenge token) and the manual form
 * (with `attendees[]`) share the endpoint; the server tells them apart by the `attendees` key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { AdminCreateInput, ManualCreateInput, Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export interface CreatedRegistration {
  registration: Registration;
  attendees: Attendee[];
}

export const createRegistration = (body: AdminCreateInput | ManualCreateInput) => api.post<CreatedRegistration>('/registrations', body);

export function useCreateRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRegistration,
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
