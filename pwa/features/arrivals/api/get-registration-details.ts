/**
 * GET /api/registrations/{id} for the arrivals details modal (docs/product.md#screens). Admins get the full
 * registration; greeters get it without address and money fields (server/services/registrations/registration-view.ts).
 * Offline the modal falls back to the copy on this device (registration-details-modal.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { FlightInfoRecord } from '../../../../shared/schemas/flight';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import { arrivalKeys } from './arrival-keys';

export interface RegistrationDetails {
  registration: Registration;
  attendees: Attendee[];
  flightInfo: FlightInfoRecord[];
}

export function useRegistrationDetails(registrationId: number | null) {
  return useQuery({
    queryKey: arrivalKeys.registration(registrationId ?? 0),
    queryFn: ({ signal }) => api.get<RegistrationDetails>(`/registrations/${registrationId}`, { signal }),
    enabled: registrationId !== null,
    // no signal or a refusal: fail fast (the device's copy shows at once); a server fault is tried once more
    retry: (count, e) => count < 1 && e instanceof ApiError && e.status >= 500,
    staleTime: 30_000,
    // offline, fail at once (instead of TanStack's paused state) so the modal shows the device's copy
    networkMode: 'always',
  });
}
