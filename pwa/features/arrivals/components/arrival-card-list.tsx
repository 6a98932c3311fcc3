/**
 * The greeter's phone view : one card per flight landing (airline + number + time), 'next to
 * land' first, each registration party on it with passengers, names, a tap-to-call phone link and one
 * large Picked Up control (at least 48 px). The registration number opens the details modal.
 *
 * Speed (docs/decisions.md "PWA budgets and accessibility"): cards and parties are memoised by their
 * data (useArrivals keeps unchanged rows' objects), so a pickup tick redraws the one party and its card,
 * not all 788; the cards are drawn in windows (the first 12 flights at once, a phone screen holds two or
 * three; 40 more each time the end comes within a screen, or all with 'Show all':
 * use-progressive-list.ts).
 */
import { memo } from 'react';
import { countOf, formatDate, formatTime } from '../../../lib/format';
import { useMinuteClock } from '../../../offline/hooks';
import { isOverdue, landingInstant, nextToLand } from '../../../offline/next-to-land';
import type { ArrivalView } from '../../../offline/types';
import { groupByFlight, passengersOf, type FlightGroup } from '../lib/arrival-summary';
import { useProgressiveList } from '../hooks/use-progressive-list';
import type { ArrivalItemProps, ArrivalListProps } from './arrivals-table';
import { SpecialRequirements } from './arrivals-table';
import { ListMore } from './list-more';
import { PartyNames, passengerText } from './party-names';
import { PickupNote, PickupToggle } from './pickup-control';

const NO_MORE: ArrivalView[] = [];

/** The arrivals of one flight, one list per registration, in the order they come. */
function byRegistration(arrivals: ArrivalView[]): ArrivalView[][] {
  const parties = new Map<number, ArrivalView[]>();
  for (const a of arrivals) {
    const rows = parties.get(a.registrationId);
    if (rows) rows.push(a);
    else parties.set(a.registrationId, [a]);
  }
  return [...parties.values()];
}

/** 'Lands in 25 min', 'Landed 10 min ago', 'Lands in 3 h 5 min', 'Lands in 2 days' */
export function landingText(instant: number | null, now: number): string | null {
  if (instant === null) return null;
  const minutes = Math.round((instant - now) / 60_000);
  const span = (m: number) => {
    if (m >= 48 * 60) return `${Math.round(m / (24 * 60))} days`;
    if (m >= 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
    return `${m} min`;
  };
  if (minutes > 0) return `Lands in ${span(minutes)}`;
  if (minutes === 0) return 'Landing now';
  return `Landed ${span(-minutes)} ago`;
}

/**
 * One registration's party on this flight: this flight's passengers first, then the registration's
 * members as such (not everyone listed is on this flight). A registration booked twice on one flight
 * (two rows) is one party: its counts added, one control ticking both.
 */
const Party = memo(function Party({
  arrival: a,
  also = NO_MORE,
  deviceId,
  onOpenRegistration,
}: ArrivalItemProps & { also?: ArrivalView[] }) {
  const counts = also.length
    ? {
        adultsCount: also.reduce((n, x) => n + x.adultsCount, a.adultsCount),
        childrenCount: also.reduce((n, x) => n + x.childrenCount, a.childrenCount),
      }
    : a;
  const picked = a.picked_up && also.every((x) => x.picked_up);
  return (
    <li className={`party${picked ? ' party-picked' : ''}`} data-arrival-id={a.id}>
      <div className="party-head">
        <strong>{a.primaryContactName}</strong>
        <button type="button" className="link-button" onClick={() => onOpenRegistration(a)}>
          {a.registrationNumber}
        </button>
      </div>
      <p className="party-line">
        On this flight: {passengerText(counts)}
        {counts.adultsCount === 0 && counts.childrenCount > 0 && (
          <span className="badge badge-red party-flag">
            {counts.childrenCount === 1 ? 'Child' : 'Children'} travelling without an adult
          </span>
        )}
      </p>
      <p className="party-line cell-small">
        Registration: <PartyNames arrival={a} />
      </p>
      {(a.childSeatsNeeded > 0 || a.specialInstructions) && (
        <p className="party-line cell-small">
          <SpecialRequirements arrival={a} />
        </p>
      )}
      {/* the control first: the greeter's thumb finds it without scrolling */}
      <PickupToggle arrival={a} also={also} large />
      {/* room for who picked up and "Not synced yet" whether shown or not: a tap never moves the cards below */}
      <div className="pickup-status">
        <PickupNote arrival={a} deviceId={deviceId} />
      </div>
      {a.primaryContactPhone && (
        <a className="btn btn-secondary party-call" href={`tel:${a.primaryContactPhone.replace(/[^\d+]/g, '')}`}>
          Call {a.primaryContactPhone}
        </a>
      )}
    </li>
  );
});

interface GroupProps extends Omit<ArrivalItemProps, 'arrival'> {
  group: FlightGroup<ArrivalView>;
  /** the board's day (undefined on 'All dates'): its flights' cards leave their date out */
  boardDate: string | undefined;
  next: boolean;
  /** 'Lands in 25 min' (landingText), or null */
  landing: string | null;
  /** landed more than the grace ago (next-to-land.ts isOverdue) */
  overdue: boolean;
}

/** groupByFlight makes new group objects every time: the same flight with the same party objects is the same card. */
const sameGroup = (a: GroupProps, b: GroupProps) =>
  a.next === b.next &&
  a.landing === b.landing &&
  a.overdue === b.overdue &&
  a.boardDate === b.boardDate &&
  a.deviceId === b.deviceId &&
  a.onOpenRegistration === b.onOpenRegistration &&
  a.group.key === b.group.key &&
  a.group.alsoAt.join() === b.group.alsoAt.join() &&
  a.group.arrivals.length === b.group.arrivals.length &&
  a.group.arrivals.every((x, i) => x === b.group.arrivals[i]);

const GroupCard = memo(function GroupCard({ group, boardDate, next, landing, overdue, deviceId, onOpenRegistration }: GroupProps) {
  const passengers = group.arrivals.reduce((n, a) => n + passengersOf(a), 0);
  const allPicked = group.arrivals.every((a) => a.picked_up);
  const partyCount = new Set(group.arrivals.map((a) => a.registrationId)).size;
  // landed more than an hour ago, families still not picked up (the order lists them after what lands next)
  const waiting = overdue ? new Set(group.arrivals.filter((a) => !a.picked_up).map((a) => a.registrationId)).size : 0;
  return (
    <li className={`card flight-group${allPicked ? ' flight-group-done' : ''}`}>
      <div className="flight-group-head">
        {/* h2: the page's h1 is the dashboard title; no level may be skipped (Lighthouse heading-order) */}
        <h2>
          {group.flightNumber} <span className="flight-group-airline">{group.airline}</span>
        </h2>
        {next && <span className="badge badge-green">Next to land</span>}
        {waiting > 0 && <span className="badge badge-red">{waiting} not met</span>}
      </div>
      <p className="flight-group-time">
        {formatTime(group.flightTime) || 'Time unknown'} ·{' '}
        {/* a one-day board's own date goes without saying; a night flight's, or any on 'All dates', is said */}
        {group.flightDate !== boardDate && <>{formatDate(group.flightDate) || 'Date unknown'} · </>}
        <span className="flight-group-airport">{group.airport}</span>
        {landing && <span className="flight-group-eta"> · {landing}</span>}
      </p>
      {group.alsoAt.length > 0 && (
        <p className="flight-group-also">Same flight also listed at {group.alsoAt.map((t) => formatTime(t)).join(', ')}</p>
      )}
      <p className="flight-group-count">
        {countOf(passengers, 'passenger')} · {partyCount} {partyCount === 1 ? 'party' : 'parties'}
      </p>
      <ul className="parties">
        {byRegistration(group.arrivals).map(([a, ...also]) => (
          <Party key={a.id} arrival={a} also={also.length ? also : undefined} deviceId={deviceId} onOpenRegistration={onOpenRegistration} />
        ))}
      </ul>
    </li>
  );
}, sameGroup);

export function ArrivalCardList({
  arrivals,
  timeZone,
  boardDate,
  listKey,
  deviceId,
  onOpenRegistration,
}: ArrivalListProps & { timeZone: string; boardDate: string | undefined }) {
  const now = useMinuteClock();
  const groups = groupByFlight(arrivals);
  const windowed = useProgressiveList(groups, listKey, 12, 40);
  const nextKey = nextToLand(groups, now, timeZone)?.key;
  return (
    <>
      <ol className="flight-groups" aria-label="Flights, next to land first">
        {windowed.shown.map((g) => {
          const landed = landingInstant(g.flightDate, g.flightTime, timeZone);
          return (
            <GroupCard
              key={g.key}
              group={g}
              boardDate={boardDate}
              next={g.key === nextKey}
              landing={landingText(landed, now)}
              overdue={landed !== null && isOverdue(landed, now)}
              deviceId={deviceId}
              onOpenRegistration={onOpenRegistration}
            />
          );
        })}
      </ol>
      <ListMore list={windowed} noun="flights" />
    </>
  );
}
