/**
 * /admin, the Admin Overview (docs/product.md#screens): four cards (Total Registrations, Active Registrations, Total
 * Attendees, Total Revenue), the Registration Status list, Attendee Categories, and the Financial
 * Summary (Outstanding Balance = expected − collected, then what families owe and what is due back in
 * refunds, which that difference nets against each other). Errors show the docs/product.md#messages sentence and 'Try Again'.
 * Below them, the Backup panel ('Download backup').
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { formatMoney } from '../../lib/format';
import { useEvent } from '../../lib/public-config';
import { ageRanges } from '../../../shared/age-bands';
import { fromCents, toCents } from '../../../shared/pricing';
import { isNetworkError, statsErrorMessage, useStats } from './api/get-stats';
import { StatCard, StatList } from './components/stat-card';
import { BackupPanel } from './components/backup-panel';

export default function DashboardPage() {
  const stats = useStats();

  return (
    <div className="page">
      {/* no link of its own to the registrations: the sidebar has it, and a second "Registrations" link
          would make the sidebar's ambiguous to anyone finding links by name */}
      <div className="page-header">
        <h1>Admin Overview</h1>
      </div>

      {stats.isPending && <PageSpinner label="Loading statistics..." />}

      {stats.isError && (
        <Alert kind="error" title="Could not load the statistics">
          <p>{statsErrorMessage(stats.error)}</p>
          {/* the spec's sentence names port 4000 whatever the server's address: say where this app's server is */}
          {isNetworkError(stats.error) && <p>This app's server is at {window.location.origin}.</p>}
          <Button variant="secondary" onClick={() => void stats.refetch()} busy={stats.isFetching} busyText="Retrying...">
            Try Again
          </Button>
        </Alert>
      )}

      {stats.data && <Overview data={stats.data} />}

      <BackupPanel />
    </div>
  );
}

function Overview({ data }: { data: NonNullable<ReturnType<typeof useStats>['data']> }) {
  const r = data.registrations;
  const a = data.attendees;
  const ages = ageRanges(useEvent().ageBands);
  // in cents, so 0.1 + 0.2 style drift never shows on the card
  const outstanding = fromCents(toCents(r.total_expected) - toCents(r.total_collected));
  return (
    <>
      <div className="stat-cards">
        <StatCard label="Total Registrations" value={r.total_count} />
        <StatCard label="Active Registrations" value={r.active_count} />
        <StatCard label="Total Attendees" value={a.total_active} hint="on active registrations" />
        <StatCard label="Total Revenue" value={formatMoney(r.total_collected)} hint="collected so far" />
      </div>
      <div className="cards overview-panels">
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">Registration Status</h2>
          <StatList
            rows={[
              { label: 'Active', value: r.active_count },
              { label: 'Pending', value: r.pending_count },
              { label: 'Cancelled', value: r.cancelled_count },
              { label: 'Waitlist', value: r.waitlist_count },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="categories-title">
          <h2 id="categories-title">Attendee Categories</h2>
          <StatList
            rows={[
              { label: `Adults (${ages.adult})`, value: a.adults },
              { label: `Youth (${ages.youth})`, value: a.youth },
              { label: `Children (${ages.child})`, value: a.children },
              { label: 'Total', value: a.total_active, strong: true },
              {
                label: 'Checked in at the desk',
                value: `${a.checked_in} (${r.checked_in_count} ${r.checked_in_count === 1 ? 'family' : 'families'})`,
              },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="finance-title">
          <h2 id="finance-title">Financial Summary</h2>
          <StatList
            rows={[
              { label: 'Total Expected', value: formatMoney(r.total_expected) },
              { label: 'Total Collected', value: formatMoney(r.total_collected) },
              { label: 'Outstanding Balance', value: formatMoney(outstanding), strong: true },
              // expected − collected nets money held on cancelled registrations and overpayments against
              // what families owe: the two apart, for chasing balances and for refunds
              { label: 'Owed by families', value: formatMoney(r.total_owed) },
              { label: 'Due back in refunds', value: formatMoney(r.total_refund_due) },
            ]}
          />
        </section>
      </div>
    </>
  );
}
