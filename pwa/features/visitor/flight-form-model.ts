/**
 * The flight form's state and what it sends (docs/product.md#screens Flight form rows, docs/product.md#messages Flight rows, On flight
 * submit). Rows are edited as strings; validation uses the shared schema (shared/schemas/flight.ts) on
 * those raw values, so the visitor sees the same sentences the server would answer with, under the same
 * keys (`flights.0.airline`). What is sent: dates as ISO timestamps, times trimmed to HH:MM, counts as
 * integers (0 when blank), and no flights at all when no transportation is needed.
 */
import { canonicalAirline } from '../../../shared/airlines';
import { OTHER_AIRPORT, formRowsFromExisting, newFlightRow, type ExistingFlight, type FlightFormRow } from '../../../shared/schemas/flight';
import { OTHER_AIRLINE } from '../../../shared/constants';
import type { FlightType } from '../../../shared/constants';

/** A row plus a client-only key, so React keeps each row's inputs when another row is removed. */
export interface FlightRowState extends Omit<FlightFormRow, 'flightType'> {
  key: string;
  /** '' only in the tokenised form, whose type select can be cleared (it requires a type) */
  flightType: FlightType | '';
}

export interface FlightFormState {
  needsTransportation: boolean;
  rows: FlightRowState[];
}

/** One flight as POSTed (docs/product.md#api Flight submission, camelCase). */
export interface SubmittedFlight {
  id?: number;
  flightType: FlightType | '';
  airline: string;
  flightNumber: string;
  flightDate: string;
  flightTime: string;
  airport: string;
  airportName?: string;
  airlineName?: string;
  adultsCount: number;
  childrenCount: number;
  childSeatsNeeded: number;
  specialInstructions: string | null;
}

let sequence = 0;
const withKey = (row: FlightFormRow): FlightRowState => ({ ...row, key: `flight-${++sequence}` });

/** The same form with fresh row keys (a draft kept from before a reload holds keys of that page's life). */
export const rekeyed = <T extends FlightFormState>(state: T): T => ({
  ...state,
  rows: state.rows.map(({ key: _key, ...row }) => ({ ...row, key: `flight-${++sequence}` })),
});

/** A new row: arrival first, departure for every row added after it (docs/product.md#screens). */
export const newRow = (index: number): FlightRowState => withKey(newFlightRow(index));

/**
 * The form as loaded: the saved flights ('N/A' placeholders skipped; airline names matched to the
 * list, e.g. 'Delta' → 'Delta Air Lines'), or one default row when there are none.
 */
/**
 * The form opened on what is saved: the registration's transportation choice and its flights' rows. A
 * family whose flights are on file without needing transportation (a car hired at the airport) opens on
 * "No", its rows kept behind "Yes", and the form says its saved flights will be removed on submit: opened
 * on "Yes" instead, changing a time would silently have sent greeters to meet them (docs/decisions.md).
 */
export function initialFlightForm(existing: ExistingFlight[] = [], needsTransportation = true): FlightFormState {
  const rows = formRowsFromExisting(existing).map((r) => withKey({ ...r, airline: canonicalAirline(r.airline) ?? r.airline }));
  return { needsTransportation, rows: rows.length ? rows : [newRow(0)] };
}

/** The rows as the form holds them, for validation with the shared schema (no client keys). */
export function flightsForValidation(state: FlightFormState): Omit<FlightRowState, 'key'>[] {
  if (!state.needsTransportation) return [];
  return state.rows.map(({ key: _key, ...row }) => row);
}

const toInt = (v: number | string): number => {
  const n = typeof v === 'number' ? v : Number.parseInt(v.trim(), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** 'YYYY-MM-DD' → an ISO timestamp at midnight UTC, which the server reads as that calendar date. */
export const isoFlightDate = (ymd: string): string => (ymd ? `${ymd.trim()}T00:00:00.000Z` : '');

/** What goes over the wire (docs/product.md#messages On flight submit). */
export function flightsToSubmit(state: FlightFormState): SubmittedFlight[] {
  if (!state.needsTransportation) return [];
  return state.rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    flightType: r.flightType,
    airline: r.airline,
    ...(r.airline === OTHER_AIRLINE ? { airlineName: r.airlineName.trim() } : {}),
    flightNumber: r.flightNumber.trim(),
    flightDate: isoFlightDate(r.flightDate),
    flightTime: r.flightTime.trim().slice(0, 5),
    airport: r.airport,
    ...(r.airport === OTHER_AIRPORT ? { airportName: r.airportName.trim() } : {}),
    adultsCount: toInt(r.adultsCount),
    childrenCount: toInt(r.childrenCount),
    childSeatsNeeded: toInt(r.childSeatsNeeded),
    specialInstructions: r.specialInstructions.trim() || null,
  }));
}

/** The error key of a row's field, as the schema and the server name it. */
export const rowErrorKey = (index: number, field: keyof FlightFormRow) => `flights.${index}.${field}`;
