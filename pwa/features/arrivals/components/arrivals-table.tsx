/**
 * The laptop view (docs/product.md#screens): one row per arrival with the seven columns Picked Up, Registration, Contact
 * Info, Flight Details, Date & Time, Passengers, Special Requirements. Picked-up rows are dimmed and
 * show the pickup time; the registration number opens the details modal.
 *
 * Speed (docs/decisions.md "PWA budgets and accessibility"): the rows are drawn in windows (the first
 * 100 at once, 150 more each time the end of the table comes within a screen, or all with 'Show all':
 * use-progressive-list.ts); a line under the table
 * says how many are shown. Each row is memoised by its arrival (useArrivals keeps unchanged rows'
 * objects), so a pickup tick redraws one row, not 2,000.
 */
import { airportLabel } from '../../../../shared/airports';
import { memo } from 'react';
import { formatDate, formatTime } from '../../../lib/format';
import type { ArrivalView } from '../../../offline/types';
import { useProgressiveList } from '../hooks/use-progressive-list';
import { ListMore } from './list-more';
import { PartyNames, passengerText } from './party-names';
import { PickupNote, PickupToggle } from './pickup-control';

export interface ArrivalListProps {
  arrivals: ArrivalView[];
  deviceId: string | null;
  /** must keep its identity between renders (useCallback), or every row redraws */
  onOpenRegistration: (arrival: ArrivalView) => void;
  /** which list this is (day and search): a new one starts drawing from its first window again */
  listKey: string;
}

export function SpecialRequirements({ arrival }: { arrival: ArrivalView }) {
  const items: string[] = [];
  if (arrival.childSeatsNeeded > 0) items.push(`Child seats: ${arrival.childSeatsNeeded}`);
  if (arrival.specialInstructions) items.push(arrival.specialInstructions);
  if (!items.length) return <span className="note">None</span>;
  return (
    <>
      {items.map((t) => (
        <span key={t} className="cell-line">
          {t}
        </span>
      ))}
    </>
  );
}

/** One arrival's row (here) or party (the phone's cards): memoised on these, so keep them stable. */
export type ArrivalItemProps = Pick<ArrivalListProps, 'deviceId' | 'onOpenRegistration'> & { arrival: ArrivalView };

const ArrivalRow = memo(function ArrivalRow({ arrival: a, deviceId, onOpenRegistration }: ArrivalItemProps) {
  return (
    <tr className={a.picked_up ? 'row-muted arrival-picked' : undefined} data-arrival-id={a.id}>
      <td>
        <PickupToggle arrival={a} />
        <PickupNote arrival={a} deviceId={deviceId} />
      </td>
      <td>
        <button type="button" className="link-button" onClick={() => onOpenRegistration(a)}>
          {a.registrationNumber}
        </button>
      </td>
      <td>
        <span className="cell-line cell-strong">{a.primaryContactName}</span>
        {a.primaryContactPhone && (
          <a className="cell-line" href={`tel:${a.primaryContactPhone.replace(/[^\d+]/g, '')}`}>
            {a.primaryContactPhone}
          </a>
        )}
        {a.primaryContactEmail && <span className="cell-line cell-small">{a.primaryContactEmail}</span>}
      </td>
      <td>
        <span className="cell-line cell-strong">{a.flightNumber}</span>
        <span className="cell-line cell-small">{a.airline}</span>
        <span className="cell-line cell-small">{airportLabel(a)}</span>
      </td>
      <td>
        <span className="cell-line">{formatDate(a.flightDate) || 'Date unknown'}</span>
        <span className="cell-line cell-small">{formatTime(a.flightTime) || 'Time unknown'}</span>
      </td>
      <td>
        <span className="cell-line">{passengerText(a)}</span>
        <span className="cell-line cell-small">
          <PartyNames arrival={a} />
        </span>
      </td>
      <td>
        <SpecialRequirements arrival={a} />
      </td>
    </tr>
  );
});

export function ArrivalsTable({ arrivals, deviceId, onOpenRegistration, listKey }: ArrivalListProps) {
  const windowed = useProgressiveList(arrivals, listKey);
  return (
    <>
      <div className="table-wrap">
        <table className="table arrivals-table">
          <thead>
            <tr>
              <th scope="col">Picked Up</th>
              <th scope="col">Registration</th>
              <th scope="col">Contact Info</th>
              <th scope="col">Flight Details</th>
              <th scope="col">Date &amp; Time</th>
              <th scope="col">Passengers</th>
              <th scope="col">Special Requirements</th>
            </tr>
          </thead>
          <tbody>
            {windowed.shown.map((a) => (
              <ArrivalRow key={a.id} arrival={a} deviceId={deviceId} onOpenRegistration={onOpenRegistration} />
            ))}
          </tbody>
        </table>
      </div>
      <ListMore list={windowed} noun="arrivals" />
    </>
  );
}
