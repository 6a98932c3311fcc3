/** POST /api/registrations/{id}/request-flight-info: e-mails the registrant a link to the flight form. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { registrationKeys } from './registration-keys';

export interface FlightInfoRequestAnswer {
  message: string;
  sentTo: string;
  expiresAt: string;
}

export const requestFlightInfo = (id: number | string) => api.post<FlightInfoRequestAnswer>(`/registrations/${id}/request-flight-info`);

export function useRequestFlightInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => requestFlightInfo(id),
    // the list shows when flight info was last asked for
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
