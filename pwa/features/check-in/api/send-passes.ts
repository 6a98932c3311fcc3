/** POST /api/registrations/send-passes: the next batch of check-in passes (admins), for the desk's bulk send. */
import { api } from '../../../lib/api-client';

export interface PassBatch {
  sent: number;
  failed: number;
  last_id: number;
  remaining: number;
  total: number;
}

/** `unsentOnly`: only the registrations never sent their pass (a run after failures, or after a reload). */
export const sendPassBatch = (afterId: number, unsentOnly: boolean, limit = 20) =>
  api.post<PassBatch>('/registrations/send-passes', { after_id: afterId, limit, unsent_only: unsentOnly });

/** Active registrations, and those of them never sent their pass; sends nothing. */
export const passCounts = () => api.post<{ total: number; unsent: number }>('/registrations/send-passes', { dry_run: true });
