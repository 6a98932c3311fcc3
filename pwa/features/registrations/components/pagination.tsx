/**
 * List pagination (docs/product.md#registrations-list): 'Showing x to y of total results',
 * Previous / Next, numbered pages in a window of 5 around the current one, the first and last page
 * always reachable with an ellipsis for the gap.
 */
import { PAGINATION_WINDOW } from '../../../../shared/constants';

/** The page numbers to show, with 'gap' where pages are left out: [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]. */
export function pageWindow(page: number, pages: number, size = PAGINATION_WINDOW): (number | 'gap')[] {
  if (pages <= 1) return [1];
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(page - half, pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  const out: (number | 'gap')[] = [];
  if (start > 1) {
    out.push(1);
    if (start > 2) out.push('gap');
  }
  for (let p = start; p <= end; p++) out.push(p);
  if (end < pages) {
    if (end < pages - 1) out.push('gap');
    out.push(pages);
  }
  return out;
}

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}

export function Pagination({ page: asked, pages, total, limit, onPage }: PaginationProps) {
  // a page past the last is being replaced by the last (registrations-page.tsx): count as that one
  const page = Math.min(asked, Math.max(1, pages));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <div className="pagination">
      <p className="pagination-summary" aria-live="polite">
        Showing {from} to {to} of {total} results
      </p>
      {pages > 1 && (
        <nav aria-label="Pagination">
          <ul className="pagination-list">
            <li>
              <button type="button" className="page-btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
                Previous
              </button>
            </li>
            {pageWindow(page, pages).map((p, i) =>
              p === 'gap' ? (
                <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={p}>
                  <button
                    type="button"
                    className={`page-btn${p === page ? ' page-current' : ''}`}
                    aria-current={p === page ? 'page' : undefined}
                    onClick={() => onPage(p)}
                  >
                    {p}
                  </button>
                </li>
              ),
            )}
            <li>
              <button type="button" className="page-btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
                Next
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
