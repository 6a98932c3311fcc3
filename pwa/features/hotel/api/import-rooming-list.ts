/**
 * POST /api/hotel-assignments/import: the hotel's rooming list as a CSV body (Content-Type: text/csv).
 * `dryRun` answers the preview (row-level errors, what each valid row would do) without writing.
 */
import { apiRequest } from '../../../lib/api-client';
import type { ImportResult } from '../../../../shared/schemas/hotel';

export function importRoomingList(csv: string, opts: { dryRun: boolean }): Promise<ImportResult> {
  return apiRequest<ImportResult>('POST', '/hotel-assignments/import', {
    query: { dryRun: opts.dryRun ? 'true' : undefined },
    rawBody: csv,
    headers: { 'Content-Type': 'text/csv' },
  });
}
