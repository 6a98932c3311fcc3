/** PUT /api/registrations/{id} (docs/product.md#api): contact, address and fee settings; the server recomputes the totals. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Registration } from '../../../../shared/schemas/registration';
import type { z } from 'zod';
import type { registrationUpdateSchema } from '../../../../shared/schemas/registration';
import { registrationKeys } from './registration-keys';

export type RegistrationChanges = z.input<typeof registrationUpdateSchema>;

export const updateRegistration = (id: number | string, changes: RegistrationChanges) =>
  api.put<{ registration: Registration }>(`/registrations/${id}`, changes).then((r) => r.registration);

export function useUpdateRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number | string; changes: RegistrationChanges }) => updateRegistration(id, changes),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
