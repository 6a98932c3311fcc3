/** DELETE /api/hotel-assignments/{id} (204): the booking is soft-deleted and audited on the server. */
import { api } from '../../../lib/api-client';

export const deleteAssignment = (id: number) => api.delete(`/hotel-assignments/${id}`);
