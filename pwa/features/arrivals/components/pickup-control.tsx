/**
 * The Picked Up control and the line under it. The tap goes to the offline outbox (useTogglePickup):
 * it shows at once, with or without signal, and reaches the server when it can. A picked-up party shows
 * when and by whom ('Picked up 2:05 PM by Ana Lopez'), and 'on another phone' when the tap came from
 * another device; a tap not yet on the server says so.
 */
import { useEffect, useState } from 'react';
import { formatClock } from '../../../lib/format';
import { useTogglePickup } from '../../../offline/hooks';
import type { ArrivalView } from '../../../offline/types';

/**
 * 'Picked Up — Rosa Mendes (R25-7KQ2XM), UA 1234': the control's accessible name. The flight tells apart
 * a family's two arrivals on one day, for a screen reader or a voice command.
 */
export const pickupLabel = (a: Pick<ArrivalView, 'primaryContactName' | 'registrationNumber' | 'flightNumber'>) =>
  `Picked Up — ${a.primaryContactName} (${a.registrationNumber}), ${a.flightNumber}`;

/** `also`: the same registration's other rows on this flight, ticked together with `arrival`. */
export function PickupToggle({ arrival, also = [], large = false }: { arrival: ArrivalView; also?: ArrivalView[]; large?: boolean }) {
  const toggle = useTogglePickup();
  // the tap shows at once; the cached row (a live query) catches up a moment later
  const [tapped, setTapped] = useState<boolean | null>(null);
  const state = arrival.picked_up && also.every((a) => a.picked_up);
  const checked = tapped ?? state;
  useEffect(() => {
    if (tapped !== null && state === tapped) setTapped(null);
  }, [tapped, state]);
  const onChange = async (next: boolean) => {
    setTapped(next);
    try {
      for (const a of [arrival, ...also]) if (a.picked_up !== next || a === arrival) await toggle(a.id, next);
    } catch (e) {
      setTapped(null);
      // docs/product.md#messages: a pickup failure is logged, not shown (the sync panel shows refused changes)
      console.error('pickup update failed', e);
    }
  };
  const input = (
    <input type="checkbox" checked={checked} aria-label={pickupLabel(arrival)} onChange={(e) => void onChange(e.target.checked)} />
  );
  if (!large) return <span className="pickup-check">{input}</span>;
  return (
    <label className={`pickup-big${checked ? ' pickup-big-on' : ''}`}>
      {input}
      {/* the same spot undoes the tap: the card does not move (use-held-order.ts) */}
      <span aria-hidden="true">{checked ? 'Picked up · Undo' : 'Picked Up'}</span>
    </label>
  );
}

function timeText(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatClock(d);
}

export function PickupNote({ arrival, deviceId }: { arrival: ArrivalView; deviceId: string | null }) {
  // a device gets its id with its first tap: without one, every recorded pickup came from elsewhere
  const elsewhere = arrival.picked_up && !arrival.pendingSync && !!arrival.pickup_device && arrival.pickup_device !== deviceId;
  return (
    <>
      {arrival.picked_up && (
        <span className="pickup-note">
          Picked up {timeText(arrival.picked_up_at)}
          {arrival.picked_up_by ? ` by ${arrival.picked_up_by}` : ''}
          {elsewhere ? ' on another phone' : ''}
        </span>
      )}
      {arrival.pendingSync && <span className="badge badge-yellow pickup-unsynced">Not synced yet</span>}
    </>
  );
}
