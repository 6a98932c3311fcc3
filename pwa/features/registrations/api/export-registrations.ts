/**
 * GET /api/registrations/export with the list's filters (docs/product.md#api): the CSV comes through the api client
 * (so it carries the bearer token) and is saved under the Content-Disposition name, else registrations.csv.
 */
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api-client';
import type { RegistrationFilterValues } from './get-registrations';

export async function exportRegistrations(filters: RegistrationFilterValues): Promise<string> {
  const { blob, filename } = await apiDownload('/registrations/export', 'registrations.csv', { query: { ...filters } });
  saveBlob(blob, filename);
  return filename;
}

export function useExportRegistrations() {
  return useMutation({ mutationFn: exportRegistrations });
}
