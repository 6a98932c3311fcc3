/**
 * The list from this device's copy (docs/product.md#offline: admins' devices also keep the registrations,
 * with their details, in Dexie, downloaded by the sync engine). Shown when there is no connection; filters and
 * paging run on the device. Loaded lazily, so Dexie stays out of the page's own chunk.
 */
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useCachedRegistrations, useSyncStatus } from '../../../offline/hooks';
import type { CachedRegistration } from '../../../offline/types';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { registrationFiltersSchema } from '../../../../shared/schemas/registration';
import { listItemOf, matchesListFilters } from '../../../../shared/registration-list-filters';
import type { RegistrationFilterValues } from '../api/get-registrations';
import { Pagination } from './pagination';
import { RegistrationsTable } from './registrations-table';

export default function CachedRegistrations({ filters }: { filters: RegistrationFilterValues }) {
  const cached = useCachedRegistrations({
    search: filters.search,
    status: (filters.status || undefined) as CachedRegistration['status'] | undefined,
  });
  const { lastSyncedAt } = useSyncStatus();
  const [page, setPage] = useState(1);
  if (cached === undefined) return <Spinner label="Loading saved registrations..." />;
  // the filters as the server reads them (an unknown value filters nothing, where the server would refuse it)
  const parsed = registrationFiltersSchema.safeParse(filters);
  const rows = cached.map(listItemOf).filter((r) => !parsed.success || matchesListFilters(r, parsed.data));
  const pages = Math.max(1, Math.ceil(rows.length / LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <section className="card" aria-labelledby="cached-results">
      <h2 id="cached-results" className="visually-hidden">
        Saved registrations
      </h2>
      <Alert kind="info">
        No connection: showing the registrations saved on this device
        {lastSyncedAt ? ` (last synced ${formatDateTime(lastSyncedAt)})` : ''}. Export and changes need a connection.
      </Alert>
      {rows.length === 0 ? (
        <p className="empty">
          {cached.length === 0 ? 'No registrations are saved on this device yet.' : 'No saved registrations match these filters.'}
        </p>
      ) : (
        <RegistrationsTable rows={rows.slice((current - 1) * LIST_PAGE_SIZE, current * LIST_PAGE_SIZE)} />
      )}
      <Pagination page={current} pages={pages} total={rows.length} limit={LIST_PAGE_SIZE} onPage={setPage} />
    </section>
  );
}
