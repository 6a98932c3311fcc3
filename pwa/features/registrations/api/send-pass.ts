/** POST /api/registrations/{id}/send-pass: mails the check-in pass to the registration's primary email. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendCheckInPass = (id: number | string) => api.post<{ message: string }>(`/registrations/${id}/send-pass`);

export function useSendCheckInPass() {
  return useMutation({ mutationFn: (id: number | string) => sendCheckInPass(id) });
}
