/**
 * 'Next to land' ordering for the greeters' card list . Flight dates and times are local to the
 * event (docs/architecture.md: the event's time zone, e.g. America/Chicago), while the phone may be set to another
 * zone, so landing times are turned into instants in the event's zone (shared/time-zone.ts), not the phone's. Pure; no storage.
 */
import { zonedInstant } from '../../shared/time-zone';

/** zonedInstant goes through Intl (tens of µs a call); flights share few dates and times, so keep the answers. */
const instants = new Map<string, number | null>();

/** The instant (ms) of a wall-clock 'YYYY-MM-DD' + 'HH:MM' in `timeZone`; null when either is missing. */
export function landingInstant(date: string | null, time: string | null, timeZone: string): number | null {
  const key = `${date}|${time}|${timeZone}`;
  let t = instants.get(key);
  if (t === undefined) {
    if (instants.size > 10_000) instants.clear();
    t = zonedInstant(date, time, timeZone);
    instants.set(key, t);
  }
  return t;
}

/** Minutes after landing that a family not picked up still counts as just landed (then it is overdue). */
export const LANDED_GRACE_MINUTES = 60;

/** Landed more than `graceMinutes` ago: a family still not met is overdue (ordered after what lands next, badged red). */
export function isOverdue(landedMs: number, nowMs: number, graceMinutes = LANDED_GRACE_MINUTES): boolean {
  return landedMs < nowMs - graceMinutes * 60_000;
}

export interface LandingRow {
  flightDate: string | null;
  flightTime: string | null;
  picked_up: boolean;
}

/**
 * Orders arrivals for the greeter: first those not picked up that land from `graceMinutes` ago onwards
 * (just landed, then soonest), then older ones still not picked up (latest first), then those picked up
 * (in landing order), and flights without a date or time last.
 */
export function orderNextToLand<T extends LandingRow>(
  arrivals: T[],
  nowMs: number,
  timeZone: string,
  graceMinutes = LANDED_GRACE_MINUTES,
): T[] {
  const keyed = arrivals.map((a) => ({ a, t: landingInstant(a.flightDate, a.flightTime, timeZone) }));
  const group = (x: { a: T; t: number | null }) => (x.t === null ? 3 : x.a.picked_up ? 2 : isOverdue(x.t, nowMs, graceMinutes) ? 1 : 0);
  return keyed
    .sort((x, y) => {
      const gx = group(x);
      const gy = group(y);
      if (gx !== gy) return gx - gy;
      if (gx === 1) return (y.t ?? 0) - (x.t ?? 0);
      return (x.t ?? 0) - (y.t ?? 0);
    })
    .map((x) => x.a);
}

/**
 * Which of the ordered flights gets the 'Next to land' badge: the first one not landed yet with someone
 * still waiting. A flight that landed is not 'next to land' even while its party waits (its card says
 * 'Landed 45 min ago' and comes first in the order above).
 */
export function nextToLand<T extends { flightDate: string | null; flightTime: string | null; arrivals: { picked_up: boolean }[] }>(
  groups: T[],
  nowMs: number,
  timeZone: string,
): T | undefined {
  return groups.find((g) => {
    const t = landingInstant(g.flightDate, g.flightTime, timeZone);
    return t !== null && t > nowMs && g.arrivals.some((a) => !a.picked_up);
  });
}
