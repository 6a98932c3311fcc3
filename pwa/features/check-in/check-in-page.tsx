/**
 * The check-in desk `/admin/check-in` (docs/product.md#check-in-desk), for check-in staff and admins.
 * Everything comes from the device's offline copy of the registrations (pwa/offline), so the desk
 * works with no signal: the search answers from the cache as the staff member types (any attendee's
 * name, the registration number, phone or email, accents and case ignored), and check-ins and
 * payments are queued and sent when the signal returns (the sync line says what is waiting).
 * `?number=R25-…` (the pass's link) opens that party.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { PHONE_QUERY } from '../../lib/use-is-phone';
import { PageSpinner } from '../../components/spinner';
import { NotDownloaded } from '../../offline/components/not-downloaded';
import { useFirstDownloadDone, useSettledRegistrations, useSyncStatus } from '../../offline/hooks';
import { matchesQuery } from '../../offline/local-search';
import { deskQuery, matchedMember, opensAlone, rankDeskMatches } from './desk-matches';
import { closeMatches } from './close-matches';
import type { CachedRegistration } from '../../offline/types';
import { useAuth } from '../../app/auth-context';
import { PartyCard } from './components/party-card';

// admins only: its code stays out of check-in staff's first visit (the service worker precaches it)
const BulkPasses = lazy(() => import('./components/bulk-passes').then((m) => ({ default: m.BulkPasses })));
// the camera's code (and jsQR) loads on the first "Scan pass"; the service worker precaches it
const ScanPanel = lazy(() => import('./components/scan-panel').then((m) => ({ default: m.ScanPanel })));

const SHOWN = 20;

function counts(all: CachedRegistration[]) {
  let checked = 0;
  let total = 0;
  for (const r of all) {
    if (r.status !== 'active') continue;
    total += r.attendees.length;
    checked += r.attendees.filter((a) => a.checked_in).length;
  }
  return { checked, total };
}

export default function CheckInPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('number') ?? '');
  // the party opened from the matches is in the address, so the phone's Back returns to the matches
  const chosen = Number(params.get('party')) || null;
  const navigate = useNavigate();
  /** the open party's entry was pushed by this page: going back to the matches is the browser's Back */
  const opened = useRef(false);
  const setChosen = useCallback(
    (id: number | null, replace = false) => {
      opened.current = id !== null && !replace;
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id === null) next.delete('party');
          else next.set('party', String(id));
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  // 'failed': the panel says no camera could be opened, and the button offers the scan again
  const [scan, setScan] = useState<{ state: 'off' | 'on' | 'failed'; attempt: number }>({ state: 'off', attempt: 0 });
  const scanning = scan.state === 'on';
  const onScanProblem = useCallback(() => setScan((s) => ({ ...s, state: 'failed' })), []);
  const { isAdmin } = useAuth();
  const onScanned = useCallback(
    (number: string) => {
      setChosen(null, true);
      setSearch(number);
    },
    [setChosen],
  );
  const all = useSettledRegistrations();
  const downloaded = useFirstDownloadDone('registrations');
  const status = useSyncStatus();
  const { checked, total } = useMemo(() => counts(all ?? []), [all]);

  const query = deskQuery(search);
  const list = useMemo(
    () =>
      query.trim() && all
        ? rankDeskMatches(
            all.filter((r) => matchesQuery(r.searchText, query)),
            query,
          )
        : [],
    [all, query],
  );
  // nothing matches: the names nearly typed ('Jhon' for John), one tap away
  const close = useMemo(() => (list.length === 0 && query.trim() && all ? closeMatches(all, query) : []), [all, list, query]);
  const party =
    chosen !== null ? all?.find((r) => r.id === chosen) : list.length === 1 && opensAlone(list[0].searchText, query) ? list[0] : undefined;

  /** the search box to take to the top once the matches of a new search are drawn (a short page cannot scroll) */
  const toTop = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (toTop.current && chosen === null && list.length > 0) {
      toTop.current.scrollIntoView({ block: 'start' });
      toTop.current = null;
    }
  }, [list, chosen]);

  if (all === undefined) return <PageSpinner />;
  return (
    <div className="page check-in-page">
      <h1>Check-in</h1>
      {isAdmin && (
        <Suspense fallback={null}>
          <BulkPasses />
        </Suspense>
      )}
      <div className="desk-search">
        <label htmlFor="desk-search">Find a family</label>
        <input
          id="desk-search"
          type="search"
          autoFocus
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          // the last family's name or number is selected: the next one typed replaces it
          // (a frame later: a tablet's tap would otherwise put the caret back where it landed)
          onFocus={(e) => {
            const box = e.target;
            requestAnimationFrame(() => box.select());
          }}
          placeholder="Name, registration number, phone or email"
          value={search}
          onChange={(e) => {
            // the first letter of a search typed on a phone (over the last family's name too): the box goes to
            // the top once its matches are drawn, so they show above the keyboard
            const v = e.target.value;
            if ((!search || v.length === 1) && v && window.matchMedia(PHONE_QUERY).matches) toTop.current = e.target.parentElement;
            setSearch(e.target.value);
            if (params.has('number') || params.has('party')) setParams({}, { replace: true });
          }}
        />
      </div>
      <Button
        variant="secondary"
        className="desk-tap"
        aria-pressed={scanning}
        onClick={() => setScan((s) => (s.state === 'on' ? { ...s, state: 'off' } : { state: 'on', attempt: s.attempt + 1 }))}
      >
        {scanning ? 'Stop camera' : 'Scan pass'}
      </Button>
      {scan.state !== 'off' && (
        <Suspense fallback={null}>
          <ScanPanel key={scan.attempt} onNumber={onScanned} onProblem={onScanProblem} />
        </Suspense>
      )}
      <p className="desk-counter" aria-live="polite">
        Checked in {checked} of {total} attendees
      </p>
      {!downloaded && all.length === 0 && (
        <NotDownloaded feed="registrations" what="registrations" status={status} errorTitle="Failed to download the registrations" />
      )}
      {party ? (
        <>
          {list.length > 1 && (
            <Button variant="ghost" onClick={() => (opened.current ? navigate(-1) : setChosen(null, true))}>
              Back to the {Math.min(list.length, SHOWN)} matches
            </Button>
          )}
          <PartyCard key={party.id} initial={party} />
        </>
      ) : (
        search.trim() !== '' && (
          <>
            {list.length === 0 ? (
              <>
                <p>No registration on this device matches “{search.trim()}”.</p>
                {close.length > 0 && (
                  <>
                    <h2 className="desk-close-title">Close matches</h2>
                    <ul className="desk-matches" aria-label="Close matches">
                      {close.map(({ party: r, member }) => (
                        <MatchItem key={r.id} party={r} member={member} onOpen={setChosen} />
                      ))}
                    </ul>
                  </>
                )}
              </>
            ) : (
              <ul className="desk-matches" aria-label="Matching families">
                {list.slice(0, SHOWN).map((r) => (
                  <MatchItem key={r.id} party={r} member={matchedMember(r, query)} onOpen={setChosen} />
                ))}
              </ul>
            )}
            {list.length > SHOWN && (
              <p className="muted">
                Showing {SHOWN} of {list.length}: type more to narrow it down.
              </p>
            )}
          </>
        )
      )}
    </div>
  );
}

/** One family in the matches: its contact, the member the search found, its number, size and check-ins. */
function MatchItem({ party: r, member, onOpen }: { party: CachedRegistration; member: string | null; onOpen: (id: number) => void }) {
  const inCount = r.attendees.filter((a) => a.checked_in).length;
  return (
    <li>
      <button type="button" className="desk-match" onClick={() => onOpen(r.id)}>
        <strong>
          {r.primary_first_name} {r.primary_last_name}
        </strong>
        {member && <span> with {member}</span>}{' '}
        <span className="muted">
          {r.registration_number} · {r.attendees.length} {r.attendees.length === 1 ? 'person' : 'people'} · {inCount} checked in
          {r.status === 'cancelled' ? ' · Cancelled' : ''}
        </span>
      </button>
    </li>
  );
}
