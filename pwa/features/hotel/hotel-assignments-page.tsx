/**
 * Hotel Assignments (docs/product.md#hotel-assignments), for admins: import the
 * hotel's rooming list, then match each unmatched booking to a registration. The list comes from this
 * device's offline copy (pwa/offline), and links go through the outbox, so matching keeps working with
 * no signal; the staff layout's sync line shows what has not reached the server, and conflicts to resolve.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { PageSpinner } from '../../components/spinner';
import { NotDownloaded } from '../../offline/components/not-downloaded';
import { useFirstDownloadDone, useOpOutcome, useSyncStatus, useUnmatchedAssignments } from '../../offline/hooks';
import { HOTEL_PAGE_SIZE } from '../../../shared/constants';
import { BookingCard } from './components/booking-card';
import { LinkExactMatches } from './components/link-exact-matches';
import { RoomingImport } from './components/rooming-import';
import { linkOutcome, type LinkOutcome } from './hooks/use-link-booking';
import { useBulkOutcome } from './hooks/use-bulk-outcome';

function Banner({ total }: { total: number }) {
  return (
    <div className={`alert ${total > 0 ? 'alert-warning' : 'alert-success'} hotel-banner`} role="status">
      <p className="alert-title">
        {total > 0 ? `${total} hotel booking${total === 1 ? '' : 's'} to match` : 'Every hotel booking is matched'}
      </p>
      {total > 0 && <p>Link each booking to its registration: Find Match suggests registrations with the same names.</p>}
    </div>
  );
}

export default function HotelAssignmentsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const status = useSyncStatus();
  // a link kept on this device: the alert follows it until the server answers (done, or a conflict)
  const followed = useOpOutcome(outcome?.follow?.opId);
  const followedAll = useBulkOutcome(outcome);
  const shown = outcome?.follow && followed && followed.state !== 'pending' ? linkOutcome(followed, outcome.follow.pair) : followedAll;
  const downloaded = useFirstDownloadDone('hotel');
  const unmatched = useUnmatchedAssignments({ page, limit: HOTEL_PAGE_SIZE, search });
  const pages = unmatched?.pagination.pages ?? 1;

  // linking the last booking of the last page: go back to a page that exists
  useEffect(() => {
    if (unmatched && page > Math.max(1, pages)) setPage(Math.max(1, pages));
  }, [unmatched, page, pages]);

  // the written screens' alerts (docs/product.md#messages), kept on the page as well to be read again;
  // a link's answer can come after the admin has left this page: no alert on another screen then
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const onOutcome = (o: LinkOutcome) => {
    if (!mounted.current) return;
    setOutcome(o);
    window.alert(o.text);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // a linked or deleted booking's card went, with the button pressed: the keyboard follows the eyes to the answer
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) answer.current?.focus({ preventScroll: true });
  }, [outcome]);

  let list;
  if (unmatched === undefined || downloaded === undefined) list = <PageSpinner label="Loading hotel bookings..." />;
  else if (!downloaded && unmatched.pagination.total === 0) {
    list = <NotDownloaded feed="hotel" what="hotel bookings" status={status} errorTitle="Failed to load hotel assignments" />;
  } else {
    list = (
      <>
        <Banner total={unmatched.unmatchedTotal} />
        <LinkExactMatches onOutcome={onOutcome} />
        {unmatched.unmatchedTotal > 0 && (
          <div className="booking-search">
            <TextField
              label="Search bookings"
              // a text box, not a search box: the booking's "Search Registrations" panel is the page's search
              type="text"
              inputMode="search"
              value={search}
              placeholder="Guest name, confirmation or room"
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
            {search.trim() && (
              <p className="note" aria-live="polite">
                {unmatched.pagination.total} of {unmatched.unmatchedTotal} bookings match “{search.trim()}”.
              </p>
            )}
          </div>
        )}
        <ul className="booking-list">
          {unmatched.assignments.map((b) => (
            <BookingCard key={b.id} booking={b} online={status.online} onOutcome={onOutcome} />
          ))}
        </ul>
        {pages > 1 && (
          <nav className="pager" aria-label="Hotel bookings pages">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
              Next
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="page hotel-page">
      <div className="page-header">
        <h1>Hotel Assignments</h1>
      </div>
      {shown && (
        <Alert ref={answer} kind={shown.kind} title={shown.text}>
          {shown.detail}
        </Alert>
      )}
      <RoomingImport online={status.online} />
      {list}
    </div>
  );
}
