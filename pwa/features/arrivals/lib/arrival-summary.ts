/**
 * What the arrivals screen computes from the cached arrivals (docs/product.md#screens Flight Arrivals Dashboard): the
 * four cards, the names preview, the flight groups of the phone view and the passengers per hour for
 * planning shuttle runs. Pure, no React, no storage.
 */
import type { FlightArrival } from '../../../../shared/schemas/arrivals';
import { airportLabel } from '../../../../shared/airports';
import { flightKey } from '../../../../shared/airlines';

type Row = Pick<
  FlightArrival,
  'airline' | 'flightNumber' | 'airport' | 'airportName' | 'flightDate' | 'flightTime' | 'adultsCount' | 'childrenCount' | 'picked_up'
>;

/** Adults plus children of one arrival (spec: Total Passengers). */
export const passengersOf = (a: Pick<Row, 'adultsCount' | 'childrenCount'>) => (a.adultsCount || 0) + (a.childrenCount || 0);

export interface ArrivalTotals {
  totalArrivals: number;
  totalPassengers: number;
  uniqueFlights: number;
  pickedUp: number;
  /** arrivals not picked up yet */
  pending: number;
}

export function arrivalTotals(arrivals: Row[]): ArrivalTotals {
  const pickedUp = arrivals.filter((a) => a.picked_up).length;
  return {
    totalArrivals: arrivals.length,
    totalPassengers: arrivals.reduce((n, a) => n + passengersOf(a), 0),
    uniqueFlights: new Set(arrivals.map(flightKey)).size,
    pickedUp,
    pending: arrivals.length - pickedUp,
  };
}

/** Up to `max` names, then how many more: 'Ana Lee, Bo Lee, Cy Lee' + 2 → '… +2 more'. */
export function namesPreview(people: { firstName: string; lastName: string }[], max = 3): { names: string[]; more: number } {
  const names = people.map((p) => `${p.firstName} ${p.lastName}`.trim());
  return { names: names.slice(0, max), more: Math.max(0, names.length - max) };
}

export interface FlightGroup<T> {
  key: string;
  airline: string;
  flightNumber: string;
  /** 'IAH', 'Other: …' or 'airport not given' */
  airport: string;
  flightDate: string | null;
  flightTime: string | null;
  arrivals: T[];
  /**
   * the other times ('HH:MM', earliest first) the same flight on the same day is listed at by other
   * families (a delay one of them reported, or a typo): each time is a card of its own
   */
  alsoAt: string[];
}

/** A flight's time as 'HH:MM' ('' without one): '14:05:00' and '14:05' are one landing. */
const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

/**
 * One group per flight landing (airline + number + date + time) at one airport, in the order the
 * arrivals come: a family that gave another airport for the same flight (Austin rather than IAH), or none,
 * has a card of its own, which says its airport, as the airport filter counts it. An Other airport's name
 * is one whatever its case and spaces ("austin-bergstrom" is "Austin-Bergstrom").
 */
export function groupByFlight<T extends Row>(arrivals: T[]): FlightGroup<T>[] {
  const groups = new Map<string, FlightGroup<T>>();
  const timesOfFlight = new Map<string, Set<string>>();
  for (const a of arrivals) {
    const flight = `${flightKey(a)}|${a.flightDate ?? ''}|${airportLabel(a).toLowerCase().replace(/\s+/g, ' ')}`;
    const time = hhmm(a.flightTime);
    const key = `${flight}|${time}`;
    let times = timesOfFlight.get(flight);
    if (!times) timesOfFlight.set(flight, (times = new Set()));
    if (time) times.add(time);
    let g = groups.get(key);
    if (!g) {
      g = {
        key,
        airline: a.airline,
        flightNumber: a.flightNumber,
        airport: airportLabel(a),
        flightDate: a.flightDate,
        flightTime: a.flightTime,
        arrivals: [],
        alsoAt: [],
      };
      groups.set(key, g);
    }
    g.arrivals.push(a);
  }
  // the other times families gave for the same flight at the same airport
  for (const g of groups.values()) {
    const own = hhmm(g.flightTime);
    const times = timesOfFlight.get(g.key.slice(0, g.key.lastIndexOf('|')))!;
    if (times.size > (own ? 1 : 0)) g.alsoAt = [...times].filter((t) => t !== own).sort();
  }
  return [...groups.values()];
}

export interface HourBucket {
  /** 0–23, in the event's local time (flight times are stored as local wall-clock times) */
  hour: number;
  passengers: number;
  /** arrivals (registration parties) landing in that hour */
  arrivals: number;
  /** distinct flights landing in that hour */
  flights: number;
}

export interface HourlyLoad {
  /** every hour from the first to the last with a landing, empty hours included */
  buckets: HourBucket[];
  /** arrivals without a time (not placed on the chart) */
  untimed: number;
  /** the busiest hour's passengers (the chart's scale) */
  peak: number;
}

export function hourlyLoad(arrivals: Row[]): HourlyLoad {
  const byHour = new Map<number, { passengers: number; arrivals: number; flights: Set<string> }>();
  let untimed = 0;
  for (const a of arrivals) {
    const hour = Number(/^(\d{1,2}):/.exec(a.flightTime ?? '')?.[1]);
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
      untimed += 1;
      continue;
    }
    const b = byHour.get(hour) ?? { passengers: 0, arrivals: 0, flights: new Set<string>() };
    b.passengers += passengersOf(a);
    b.arrivals += 1;
    b.flights.add(flightKey(a));
    byHour.set(hour, b);
  }
  if (byHour.size === 0) return { buckets: [], untimed, peak: 0 };
  const hours = [...byHour.keys()];
  const buckets: HourBucket[] = [];
  for (let h = Math.min(...hours); h <= Math.max(...hours); h++) {
    const b = byHour.get(h);
    buckets.push({ hour: h, passengers: b?.passengers ?? 0, arrivals: b?.arrivals ?? 0, flights: b?.flights.size ?? 0 });
  }
  return { buckets, untimed, peak: Math.max(...buckets.map((b) => b.passengers)) };
}

/** '2 PM', '12 AM' */
export function hourLabel(hour: number): string {
  return `${((hour + 11) % 12) + 1} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '2 PM – 3 PM' */
export const hourRangeLabel = (hour: number) => `${hourLabel(hour)} – ${hourLabel((hour + 1) % 24)}`;
