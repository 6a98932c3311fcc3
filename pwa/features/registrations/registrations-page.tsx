/**
 * /admin/registrations (docs/product.md#screens Registrations list): title and total, 'Add Registration', 'Export',
 * the bulk 'Request Flight Info', search, the Filters panel, the table and pagination. The page and
 * filters live in the address (hooks/use-list-params.ts).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { useRegistrations } from './api/get-registrations';
import { BulkFlightRequest } from './components/bulk-flight-request';
import { ExportButton } from './components/export-button';
import { ListFilters } from './components/list-filters';
import { Pagination } from './components/pagination';
import { RegistrationsTable } from './components/registrations-table';
import { useListParams } from './hooks/use-list-params';
import { useNotice } from './hooks/use-notice';
import { useOnline } from '../../lib/use-online';

// Dexie is only needed without a connection: keep it out of this page's chunk
const CachedRegistrations = lazy(() => import('./components/cached-registrations'));

export default function RegistrationsPage() {
  const { filters, page, setFilters, setPage, clearFilters, activeCount } = useListParams();
  const list = useRegistrations(filters, page);
  const online = useOnline();
  const { notice, show } = useNotice();
  const pagination = list.data?.pagination;
  const total = pagination?.total ?? 0;
  // no connection (or no answer from the server): the list from this device's copy
  const fromCache = !online || (list.isError && list.error instanceof ApiError && list.error.isNetworkError);
  // a page past the last (an old link, or rows removed meanwhile) opens the last page
  const lastPage = pagination && pagination.page > Math.max(1, pagination.pages) ? Math.max(1, pagination.pages) : null;
  useEffect(() => {
    if (lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, setPage]);

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Registrations</h1>
          <p className="lead" aria-live="polite">
            {pagination && !fromCache ? `${total} ${total === 1 ? 'registration' : 'registrations'} total` : '\u00a0'}
          </p>
        </div>
        <div className="actions">
          <ButtonLink to="/admin/registrations/new">Add Registration</ButtonLink>
          <ExportButton filters={filters} disabled={fromCache} onError={(text) => show('error', text)} />
          <BulkFlightRequest filters={filters} matching={total} disabled={fromCache} onDone={show} />
        </div>
      </div>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}

      <ListFilters filters={filters} activeCount={activeCount} onChange={setFilters} onClear={clearFilters} />

      {fromCache && (
        <Suspense fallback={<Spinner label="Loading saved registrations..." />}>
          <CachedRegistrations filters={filters} />
        </Suspense>
      )}
      {!fromCache && list.isPending && <Spinner label="Loading registrations..." />}
      {!fromCache && list.isError && !list.data && (
        <Alert kind="error">
          {errorMessage(list.error, 'Failed to load registrations')}{' '}
          <Button variant="secondary" className="btn-small" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {!fromCache && list.data && (
        <section className="card" aria-labelledby="registrations-results" aria-busy={list.isFetching || undefined}>
          <h2 id="registrations-results" className="visually-hidden">
            Results
          </h2>
          {list.data.registrations.length === 0 ? (
            <p className="empty">{activeCount || filters.search ? 'No registrations match these filters.' : 'No registrations yet.'}</p>
          ) : (
            <RegistrationsTable rows={list.data.registrations} />
          )}
          <Pagination
            page={pagination?.page ?? page}
            pages={pagination?.pages ?? 1}
            total={total}
            limit={pagination?.limit ?? LIST_PAGE_SIZE}
            onPage={(p) => {
              setPage(p);
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
    </div>
  );
}
