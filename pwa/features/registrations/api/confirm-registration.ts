/** POST /api/registrations/{id}/confirm (docs/product.md#rules Confirm): a pending or waitlisted registration becomes active. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const confirmRegistration = (id: number | string) =>
  api.post<{ message: string; registration: Registration }>(`/registrations/${id}/confirm`);

export function useConfirmRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => confirmRegistration(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
