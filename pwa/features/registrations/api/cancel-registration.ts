/** POST /api/registrations/{id}/cancel {reason} (docs/product.md#rules Cancel). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const cancelRegistration = (id: number | string, reason: string) =>
  api.post<{ message: string; registration: Registration }>(`/registrations/${id}/cancel`, { reason });

export function useCancelRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number | string; reason: string }) => cancelRegistration(id, reason),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
