/**
 * POST /api/registrations/request-flight-info with the list's filters: the flight-info e-mail to every
 * active registration the filter matches; those asked within the last 24 hours are skipped and counted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RegistrationFilterValues } from './get-registrations';
import { registrationKeys } from './registration-keys';

export interface BulkFlightInfoResult {
  sent: number;
  skipped_recent: number;
  failed: number;
  /** only when some failed: which */
  failed_registrations?: { registration_number: string; name: string }[];
  total: number;
  /** with `limit`: registrations still to ask after this call */
  remaining?: number;
}

/** `limit` sends to at most that many in one call (the screen repeats it to show progress). */
export const requestFlightInfoBulk = (filters: RegistrationFilterValues, limit?: number) =>
  api.post<BulkFlightInfoResult>('/registrations/request-flight-info', limit === undefined ? filters : { ...filters, limit });

/** What a request would do, sending nothing: recipients, those skipped, and the mail the first one gets. */
export interface BulkFlightInfoPreview {
  total: number;
  recipients: number;
  skipped_recent: number;
  preview: { to: string; subject: string; text: string } | null;
}

export const previewFlightInfoBulk = (filters: RegistrationFilterValues) =>
  api.post<BulkFlightInfoPreview>('/registrations/request-flight-info', { ...filters, dryRun: true });

export function useRequestFlightInfoBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ filters, limit }: { filters: RegistrationFilterValues; limit?: number }) => requestFlightInfoBulk(filters, limit),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.lists() }),
  });
}
