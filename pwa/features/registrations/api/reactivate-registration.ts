/** POST /api/registrations/{id}/reactivate (docs/product.md#rules Reactivate): a cancelled registration becomes active again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Registration } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export const reactivateRegistration = (id: number | string) =>
  api.post<{ message: string; registration: Registration }>(`/registrations/${id}/reactivate`);

export function useReactivateRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => reactivateRegistration(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
