/**
 * Flight arrivals and pickups (docs/product.md#screens Flight Arrivals Dashboard, docs/product.md#api Flight arrival, docs/product.md#rules Pickups, docs/product.md#api):
 * the query and body schemas the server parses and the PWA reuses, and the shapes the API answers.
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, MAX_ROW_ID, tapperName, withSpellings } from './common';
import { PICKUP_BATCH_MAX } from '../constants';
import { airportFilterValue } from '../airports';
import { flightKey } from '../airlines';
import { isCalendarDate } from '../calendar-date';
import type { ArrivalAttendee, ArrivalHotel, FlightArrival, PickupResult } from './records';
import type { PickupBatchResult, ArrivalsSummary } from './answers';
export type { PickupBatchResult, ArrivalsSummary };
export type { ArrivalAttendee, ArrivalHotel, FlightArrival, PickupResult };

export { isCalendarDate };

export const calendarDate = (message = 'Date must be a valid date like 2025-11-27') =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

/**
 * ?date=YYYY-MM-DD, optional (absent, empty or `all` = all dates, the word the export's file name uses);
 * an ISO timestamp counts as its date as written.
 */
export const arrivalsQuerySchema = z.object({
  date: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && v.toLowerCase() !== 'all' ? (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v) : undefined))
    .pipe(calendarDate().optional()),
});

export { arrivalsCsvFilename } from '../arrivals-export-name';

/** The export's query: the board's date, and its airport filter (a code, OTHER, or none; absent: every airport). */
export const arrivalsExportQuerySchema = arrivalsQuerySchema.extend({
  airport: z
    .string()
    .trim()
    .max(20, 'Airport must be at most 20 characters')
    .optional()
    .transform((v) => airportFilterValue(v) || undefined),
});

/**
 * POST /flight-pickups/{id}. `clientTime` is the moment of the tap, already corrected by the client to
 * the server's clock (docs/architecture.md: last tap wins); absent = now.
 */
export const pickupSchema = z.object({
  picked_up: z.boolean({ error: 'picked_up must be true or false' }),
  picked_up_by: tapperName('picked_up_by'),
  clientTime: z.iso.datetime({ offset: true, error: 'clientTime must be an ISO date-time like 2025-11-27T14:05:00.000Z' }).optional(),
  deviceId: z.string({ error: 'deviceId must be text' }).trim().max(100, 'deviceId must be at most 100 characters').optional(),
});
export type PickupInput = z.input<typeof pickupSchema>;
/** The tap time and device also as the check-in spells them (client_time, device_id). */
const PICKUP_SPELLINGS = { client_time: 'clientTime', device_id: 'deviceId' } as const;
/** The single route's body, in either spelling. */
export const pickupBodySchema = withSpellings(pickupSchema, PICKUP_SPELLINGS);

export { PICKUP_BATCH_MAX };

/**
 * One queued toggle in a batch: the single route's body plus the flight and the op's id, which is its
 * Idempotency-Key. Its pickup fields parse exactly as the single route's body does, so an op answers
 * the same whichever route delivers it (server/services/flights/pickups.ts recordPickups).
 */
export const pickupOpSchema = pickupSchema.extend({
  opId: z.string({ error: 'opId must be text' }).regex(IDEMPOTENCY_KEY_PATTERN, `opId ${IDEMPOTENCY_KEY_MESSAGE}`),
  flightId: z
    .number({ error: 'flightId must be a flight id' })
    .int('flightId must be a flight id')
    .min(1, 'flightId must be a flight id')
    .max(MAX_ROW_ID, 'flightId must be a flight id'),
});

/** POST /flight-pickups/batch: the offline outbox's queued toggles, in tap order. */
export const pickupBatchSchema = z.object({
  ops: z
    .array(withSpellings(pickupOpSchema, PICKUP_SPELLINGS), { error: 'ops must be a list of pickup toggles' })
    .min(1, 'Send at least one pickup toggle')
    .max(PICKUP_BATCH_MAX, `Send at most ${PICKUP_BATCH_MAX} pickup toggles at once`),
});
export type PickupBatchInput = z.input<typeof pickupBatchSchema>;

/** The 13 columns of the arrivals CSV export (docs/product.md#api), in order. */
export const ARRIVALS_CSV_COLUMNS = [
  'Registration',
  'Primary Contact',
  'Phone',
  'Email',
  'Airline',
  'Flight Number',
  'Date',
  'Time',
  'Adults',
  'Children',
  'Child Seats',
  'Attendees',
  'Special Instructions',
] as const;

/** The four dashboard cards (docs/product.md#screens), from the rows on screen, so the cached rows give the same numbers. */
export function summarizeArrivals(arrivals: readonly FlightArrival[]): ArrivalsSummary {
  const flightsSeen = new Set(arrivals.map(flightKey));
  const pickedUp = arrivals.filter((a) => a.picked_up).length;
  return {
    totalArrivals: arrivals.length,
    totalPassengers: arrivals.reduce((n, a) => n + a.adultsCount + a.childrenCount, 0),
    uniqueFlights: flightsSeen.size,
    pickedUp,
    pending: arrivals.length - pickedUp,
  };
}

/** Passengers landing per hour ('HH:00'), for planning shuttle runs; rows without a time are left out. */
export function passengersByHour(arrivals: readonly FlightArrival[]): { hour: string; passengers: number; flights: number }[] {
  const byHour = new Map<string, { passengers: number; flights: Set<string> }>();
  for (const a of arrivals) {
    if (!a.flightTime) continue;
    const hour = `${a.flightTime.slice(0, 2)}:00`;
    const slot = byHour.get(hour) ?? { passengers: 0, flights: new Set<string>() };
    slot.passengers += a.adultsCount + a.childrenCount;
    slot.flights.add(flightKey(a));
    byHour.set(hour, slot);
  }
  return [...byHour.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([hour, s]) => ({ hour, passengers: s.passengers, flights: s.flights.size }));
}
