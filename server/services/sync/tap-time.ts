/**
 * The time of a tap made on a staff device (a pickup at the airport, a check-in at the desk): the
 * device's clock corrected to the server's (docs/architecture.md#offline-layer), checked here. Both
 * orders "last tap wins" by it.
 */
import { unprocessable } from '../../lib/errors';
import type { EventConfig } from '../../../shared/event';
import { zonedInstant } from '../../../shared/time-zone';

export const TAP_BEFORE_EVENT = "This tap's time is before the event: check the date and time on this device";

/**
 * The tap time to order by: the client's corrected time, or now. Never later than now (when the tap
 * reached the server): a phone whose clock runs ahead must not win over real taps made after it. A tap
 * stamped before `earliest` (the start of the event's flight window) is refused: a clock that far off
 * would make the tap lose to everything, silently (docs/decisions.md).
 */
export function tapTime(clientTime: string | undefined, now: Date, earliest: Date): Date {
  if (!clientTime) return now;
  const t = new Date(clientTime);
  if (Number.isNaN(t.getTime()) || t.getTime() > now.getTime()) return now;
  if (t.getTime() < earliest.getTime()) throw unprocessable(TAP_BEFORE_EVENT);
  return t;
}

const earliest = new WeakMap<EventConfig, number>();

/**
 * The earliest believable tap: midnight starting the event's flight window, in the event's time zone.
 * Worked out once per event config (it never changes while the server runs): the time-zone arithmetic
 * was 3.6 % of a pickup toggle's server CPU (docs/quality.md "Performance").
 */
export function earliestTap(event: EventConfig): Date {
  let at = earliest.get(event);
  if (at === undefined) earliest.set(event, (at = zonedInstant(event.flightWindow.min, '00:00', event.timeZone)!));
  return new Date(at);
}
