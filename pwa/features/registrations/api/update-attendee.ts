/** PUT /api/registrations/{id}/attendees/{attendeeId}: an attendee corrected; totals and the primary contact follow on the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Attendee, AttendeeCreateInput } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const updateAttendee = (registrationId: number | string, attendeeId: number, body: Partial<AttendeeCreateInput>) =>
  api.put<{ attendee: Attendee; registration: Registration }>(`/registrations/${registrationId}/attendees/${attendeeId}`, body);

export function useUpdateAttendee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      registrationId,
      attendeeId,
      body,
    }: {
      registrationId: number | string;
      attendeeId: number;
      body: Partial<AttendeeCreateInput>;
    }) => updateAttendee(registrationId, attendeeId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
