/**
 * The greeter's phone view (issue 5): one card per flight landing (airline + number + time), 'next to
 * land' first, each registration party on it with passengers, names, a tap-to-call phone link and one
 * large Picked Up control (at least 48 px). The registration number opens the details modal.
 */
import { formatDate, formatTime } from '../../../lib/format';
import { useMinuteClock } from '../../../offline/hooks';
import { landingInstant } from '../../../offline/next-to-land';
import type { ArrivalView } from '../../../offline/types';
import { groupByFlight, passengersOf, type FlightGroup } from '../lib/arrival-summary';
import type { ArrivalListProps } from './arrivals-table';
import { SpecialRequirements } from './arrivals-table';
import { PartyNames, passengerText } from './party-names';
import { PickupNote, PickupToggle } from './pickup-control';

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

function GroupCard({
  group,
  next,
  timeZone,
  now,
  ...list
}: Omit<ArrivalListProps, 'arrivals'> & { group: FlightGroup<ArrivalView>; next: boolean; timeZone: string; now: number }) {
  const passengers = group.arrivals.reduce((n, a) => n + passengersOf(a), 0);
  const landing = landingText(landingInstant(group.flightDate, group.flightTime, timeZone), now);
  const allPicked = group.arrivals.every((a) => a.picked_up);
  return (
    <li className={`card flight-group${allPicked ? ' flight-group-done' : ''}`}>
      <div className="flight-group-head">
        {/* h2: the page's h1 is the dashboard title; no level may be skipped (Lighthouse heading-order) */}
        <h2>
          {group.flightNumber} <span className="flight-group-airline">{group.airline}</span>
        </h2>
        {next && <span className="badge badge-green">Next to land</span>}
      </div>
      <p className="flight-group-time">
        {formatTime(group.flightTime) || 'Time unknown'} · {formatDate(group.flightDate) || 'Date unknown'}
        {landing && <span className="flight-group-eta"> · {landing}</span>}
      </p>
      <p className="flight-group-count">
        {passengers} passenger{passengers === 1 ? '' : 's'} · {group.arrivals.length} {group.arrivals.length === 1 ? 'party' : 'parties'}
      </p>
      <ul className="parties">
        {group.arrivals.map((a) => (
          <li key={a.id} className={`party${a.picked_up ? ' party-picked' : ''}`} data-arrival-id={a.id}>
            <div className="party-head">
              <strong>{a.primaryContactName}</strong>
              <button type="button" className="link-button" onClick={() => list.onOpenRegistration(a)}>
                {a.registrationNumber}
              </button>
            </div>
            <p className="party-line">{passengerText(a)}</p>
            <p className="party-line cell-small">
              <PartyNames arrival={a} />
            </p>
            {(a.childSeatsNeeded > 0 || a.specialInstructions) && (
              <p className="party-line cell-small">
                <SpecialRequirements arrival={a} />
              </p>
            )}
            {a.primaryContactPhone && (
              <a className="btn btn-secondary party-call" href={`tel:${a.primaryContactPhone.replace(/[^\d+]/g, '')}`}>
                Call {a.primaryContactPhone}
              </a>
            )}
            <PickupToggle arrival={a} large />
            <PickupNote arrival={a} deviceId={list.deviceId} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function ArrivalCardList({ arrivals, timeZone, ...list }: ArrivalListProps & { timeZone: string }) {
  const now = useMinuteClock();
  const groups = groupByFlight(arrivals);
  // the first group still waiting for someone, landing from an hour ago onwards (next-to-land.ts's rule)
  const nextKey = groups.find((g) => {
    const t = landingInstant(g.flightDate, g.flightTime, timeZone);
    return t !== null && t >= now - 60 * 60_000 && g.arrivals.some((a) => !a.picked_up);
  })?.key;
  return (
    <ol className="flight-groups" aria-label="Flights, next to land first">
      {groups.map((g) => (
        <GroupCard key={g.key} group={g} next={g.key === nextKey} timeZone={timeZone} now={now} {...list} />
      ))}
    </ol>
  );
}
