/** POST /api/registrations/{id}/attendees (docs/product.md#messages Add attendee); the totals follow on the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Attendee, AttendeeCreateInput } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const addAttendee = (registrationId: number | string, body: AttendeeCreateInput) =>
  api.post<{ attendee: Attendee; registration: Registration }>(`/registrations/${registrationId}/attendees`, body);

export function useAddAttendee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: number | string; body: AttendeeCreateInput }) =>
      addAttendee(registrationId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
