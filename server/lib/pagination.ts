/** The `pagination` of a list's answer (docs/product.md#api): the page asked for, its size, the total and the number of pages. */
import type { Pagination } from '../../shared/schemas/answers';

export const paginationOf = (q: { page: number; limit: number }, total: number): Pagination => ({
  page: q.page,
  limit: q.limit,
  total,
  pages: Math.ceil(total / q.limit),
});
