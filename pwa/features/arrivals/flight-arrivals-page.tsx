/**
 * Flight Arrivals Dashboard (docs/product.md#screens), for admins and greeters. Everything on it comes from the
 * device's offline copy (pwa/offline: the sync engine downloads the arrivals of the whole flight window
 * and replays pickups), so it keeps working with no signal; the staff layout's sync line says what has
 * not reached the server yet. A laptop gets the table, a phone (≤ 640 px) the flight cards, next to land first.
 */
import { formatDate, formatTime } from '../../lib/format';
import { shortDate } from '../../../shared/calendar-date';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { PageSpinner } from '../../components/spinner';
import { Button } from '../../components/button';
import { useEvent } from '../../lib/public-config';
import { useArrivals, useDeviceId, useFirstDownloadDone, useNextToLand, useSyncStatus } from '../../offline/hooks';
import { NotDownloaded } from '../../offline/components/not-downloaded';
import { matchesArrival } from '../../offline/local-search';
import type { ArrivalView } from '../../offline/types';
import { ArrivalCardList } from './components/arrival-card-list';
import { ArrivalsHeader } from './components/arrivals-frame';
import { ArrivalCards } from './components/arrival-cards';
import { ArrivalsTable } from './components/arrivals-table';
import { ArrivalsToolbar } from './components/arrivals-toolbar';
import { atAirport } from '../../../shared/airports';
import { airportFilterLabel, useAirportFilter } from './hooks/use-airport-filter';
import { useHeldOrder } from './hooks/use-held-order';
import { HourlyChart } from './components/hourly-chart';
import { liveBoardDay, useArrivalDate } from './hooks/use-arrival-date';
import { BOARD_DAY_STARTS, nightOf } from '../../../shared/board-day';
import { useIsPhone } from '../../lib/use-is-phone';
import { arrivalTotals } from './lib/arrival-summary';

// The details modal's code loads on the first tap on a registration number (the service worker has it
// precached for offline use), keeping it out of the greeter's first load (170 KB budget).
const RegistrationDetailsModal = lazy(() =>
  import('./components/registration-details-modal').then((m) => ({ default: m.RegistrationDetailsModal })),
);

export default function FlightArrivalsPage() {
  const event = useEvent();
  const { date, setDate } = useArrivalDate();
  const [search, setSearch] = useState('');
  const { airport, setAirport } = useAirportFilter(event.airports);
  const [opened, setOpened] = useState<ArrivalView | null>(null);
  // once loaded the modal stays mounted, so closing it hands focus back to the button that opened it
  const [modalLoaded, setModalLoaded] = useState(false);
  // one function for the page's life: the memoised rows and cards compare it (arrivals-table.tsx)
  const openRegistration = useCallback((a: ArrivalView) => {
    setModalLoaded(true);
    setOpened(a);
  }, []);
  const isPhone = useIsPhone();
  const status = useSyncStatus();
  const downloaded = useFirstDownloadDone('arrivals');
  const deviceId = useDeviceId();

  // today's board also lists the night after it, to 04:00: a red-eye landing at 00:30 is on the board the
  // greeter is watching (shared/board-day.ts); any other day is its calendar date, as the export. Read at
  // each render: useNextToLand's clock renders the page at least every 30 s.
  const withNight = date !== undefined && date === liveBoardDay(event);
  /** until when today's board lists the night after its day: "4:00 AM on Nov 29" */
  const night = withNight ? `${formatTime(BOARD_DAY_STARTS)} on ${shortDate(nightOf(date))}` : null;
  const arrivals = useArrivals({ date, withNight });
  // the cards and the chart count the chosen airport's arrivals (a greeter at Hobby counts Hobby's); the
  // search only finds rows among them
  const atThisAirport = useMemo(() => (airport ? arrivals?.filter((a) => atAirport(a, airport)) : arrivals), [arrivals, airport]);
  const bySearch = useCallback((a: ArrivalView) => !search.trim() || matchesArrival(a, search), [search]);
  // the laptop's table: the rows found; the phone's cards: below, in the held order
  const found = useMemo(() => (isPhone ? undefined : atThisAirport?.filter(bySearch)), [isPhone, atThisAirport, bySearch]);
  // the phone's next-to-land order is of the whole day at the airport: the search only narrows it
  const nextFirst = useNextToLand(isPhone ? atThisAirport : undefined, event.timeZone);
  const totals = useMemo(() => arrivalTotals(atThisAirport ?? []), [atThisAirport]);
  // the chart's hours are the calendar day's
  const ofTheDay = useMemo(
    () => (withNight ? atThisAirport?.filter((a) => a.flightDate === date) : atThisAirport),
    [atThisAirport, withNight, date],
  );
  // keep the modal on the live row (a pickup made meanwhile shows), or on the snapshot if it left the list
  const openArrival = opened ? (arrivals?.find((a) => a.id === opened.id) ?? opened) : null;

  // another day or search draws its list from the first window again; a pickup tick does not
  const listKey = `${date ?? 'all'}|${airport}|${search.trim()}`;
  // on the phone a tap never moves a card: the order holds until the greeter asks (use-held-order.ts);
  // the search only narrows it, so a letter typed or deleted moves no card either
  const held = useHeldOrder(nextFirst, `${date ?? 'all'}|${airport}`, bySearch);
  const list = isPhone ? held.list : found;
  const notDownloaded = arrivals !== undefined && arrivals.length === 0 && downloaded === false;
  const toolbarProps = { date, onDate: setDate, airport, onAirport: setAirport, search, onSearch: setSearch, online: status.online };

  return (
    <div className="page arrivals-page">
      <ArrivalsHeader />
      {isPhone ? (
        <>
          <div className="phone-search-row">
            <ArrivalsToolbar {...toolbarProps} part="search" />
            <Button
              variant="secondary"
              aria-label="Sort by next to land"
              title="The list keeps its order while you tap; Sort puts the next to land first"
              disabled={!held.stale}
              onClick={held.resort}
            >
              Sort
            </Button>
          </div>
          {/* the day, the airport and the export stay one tap away, so the next flights come first */}
          <details className="arrivals-phone-filters">
            <summary>
              {date ? formatDate(date) : 'All dates'} · {airportFilterLabel(airport)} · Filters and export
            </summary>
            <ArrivalsToolbar {...toolbarProps} part="filters" />
          </details>
        </>
      ) : (
        <ArrivalsToolbar {...toolbarProps} />
      )}
      {arrivals === undefined || downloaded === undefined || deviceId === undefined ? (
        <PageSpinner label="Loading arrivals..." />
      ) : notDownloaded ? (
        <NotDownloaded feed="arrivals" what="arrivals" status={status} errorTitle="Failed to fetch flight arrivals" />
      ) : (
        <>
          {/* on a phone the night's line ends the counters' line: the first flight's Picked Up stays on the first screen */}
          <ArrivalCards totals={totals} compact={isPhone} note={isPhone && night ? `with the night until ${night}` : undefined} />
          {night && !isPhone && <p className="note board-night">With the night&apos;s arrivals until {night}</p>}
          {!isPhone && <HourlyChart arrivals={ofTheDay ?? []} date={date} />}
          {!list || list.length === 0 ? (
            <div className="card empty-state">
              <p>No flight arrivals found</p>
            </div>
          ) : isPhone ? (
            <ArrivalCardList
              arrivals={list}
              boardDate={date}
              deviceId={deviceId}
              onOpenRegistration={openRegistration}
              listKey={listKey}
              timeZone={event.timeZone}
            />
          ) : (
            <ArrivalsTable arrivals={list} deviceId={deviceId} onOpenRegistration={openRegistration} listKey={listKey} />
          )}
          {isPhone && <HourlyChart arrivals={ofTheDay ?? []} date={date} />}
        </>
      )}
      {modalLoaded && (
        <Suspense fallback={null}>
          <RegistrationDetailsModal arrival={openArrival} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
