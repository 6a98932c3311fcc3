/** DELETE /api/hotel-assignments/{id} (204): the booking is soft-deleted and audited on the server. */
import { api } from '../../../lib/api-client';

/** Deletes an unmatched booking: linked by another admin meanwhile, it is refused (409) and stays linked. */
export const deleteAssignment = (id: number) => api.delete(`/hotel-assignments/${id}`, { query: { linkedTo: 'none' } });
