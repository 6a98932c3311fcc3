/** POST /api/registrations/send-passes: the next batch of check-in passes (admins), for the desk's bulk send. */
import { api } from '../../../lib/api-client';

export interface PassBatch {
  sent: number;
  failed: number;
  last_id: number;
  remaining: number;
  total: number;
}

export const sendPassBatch = (afterId: number, limit = 20) =>
  api.post<PassBatch>('/registrations/send-passes', { after_id: afterId, limit });
