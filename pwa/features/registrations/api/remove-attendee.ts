/** DELETE /api/registrations/{id}/attendees/{attendeeId} (docs/product.md#rules Attendees): never the primary contact. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { registrationKeys } from './registration-keys';

export const removeAttendee = (registrationId: number | string, attendeeId: number) =>
  api.delete(`/registrations/${registrationId}/attendees/${attendeeId}`);

export function useRemoveAttendee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, attendeeId }: { registrationId: number | string; attendeeId: number }) =>
      removeAttendee(registrationId, attendeeId),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
