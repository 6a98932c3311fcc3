/**
 * The one flight schema (docs/product.md#messages Flight rows, Tokenised form, On flight submit), used by the server to
 * parse every submission and by the PWA's flight form. The event's flight window is a parameter so the
 * event configuration (GET /api/config) drives it, not the code.
 *
 * Normalisation, so the server stores what the visitor meant:
 * - flightDate: 'YYYY-MM-DD' or an ISO timestamp; a timestamp keeps the calendar date exactly as written
 *   ('2025-11-27T23:30:00-06:00' is 2025-11-27), never shifted across time zones (docs/architecture.md#data).
 * - flightTime: 'HH:MM' or 'HH:MM:SS', stored and answered as 'HH:MM'.
 * - counts: integers or numeric strings; children and child seats default to 0.
 * - rows whose airline is 'N/A' are placeholders and are dropped before validation.
 */
import { formatFlightDate } from '../flight-format';
import { z } from 'zod';
import { canonicalAirline } from '../airlines';
import { FLIGHT_TYPES, OTHER_AIRLINE, type FlightType } from '../constants';
import { isPlaceholderFlight } from '../placeholder-flight';
import type { Airport, EventConfig } from '../event';
import { OTHER_AIRPORT } from '../airports';

export { OTHER_AIRPORT };
import { challengeAnswer, decimalText, MAX_ROW_ID, optionalText } from './common';
import type { FlightInfoRecord } from './records';
export type { FlightInfoRecord };

export interface FlightWindow {
  /** first allowed flight date, YYYY-MM-DD */
  min: string;
  /** last allowed flight date, YYYY-MM-DD */
  max: string;
}

/** What a flight row is checked against: the event's flight window and its airports. */
export interface FlightRules extends FlightWindow {
  airports: readonly Airport[];
}

export const flightRules = (event: Pick<EventConfig, 'flightWindow' | 'airports'>): FlightRules => ({
  ...event.flightWindow,
  airports: event.airports,
});

export const FLIGHT_MESSAGES = {
  typeRequired: 'Flight type is required',
  typeInvalid: 'Flight type must be arrival or departure',
  airlineRequired: 'Airline is required',
  airlineNameRequired: 'Please type the name of the airline',
  numberRequired: 'Flight number is required',
  /** punctuation alone ("!!! ???") names no plane: every such flight of an airline would be one card */
  numberInvalid: 'Flight number must have letters or digits, like 1234 or UA 1234',
  dateRequired: 'Flight date is required',
  dateInvalid: 'Flight date must be a date like 2025-11-27',
  timeRequired: 'Flight time is required',
  timeInvalid: 'Flight time must be a time like 14:30',
  airportUnknown: 'Please choose an airport from the list (or Other)',
  airportNameRequired: 'Airport name is required',
  adultsRequired: 'Number of adults is required',
  negative: 'Cannot be negative',
  wholeNumber: 'Must be a whole number',
  needFlights: 'Please add at least one flight if you need transportation',
  /** 409: the saved flights changed after the form was opened (basedOn) */
  changedMeanwhile:
    'These flights were changed on another device or by the organisers after this form was opened. Choose Show the saved flights to start from them, or Send mine anyway to replace them with this form.',
} as const;

/** Most people one flight row can carry; a guard against typos such as 100 instead of 1. */
export const MAX_PASSENGERS_PER_FLIGHT = 50;
/** Most flight rows one submission may hold. */
export const MAX_FLIGHTS_PER_SUBMISSION = 20;

/** Written by `../flight-format.ts`, free of zod, so the screens that format flights do not load it. */
export { formatFlightDate, formatFlightTime } from '../flight-format';

export const dateOutsideWindowMessage = (w: FlightWindow) =>
  `Flight date must be between ${formatFlightDate(w.min)} and ${formatFlightDate(w.max)}`;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The calendar date written in `value` ('YYYY-MM-DD' or an ISO timestamp), or null when it is not one. */
export function calendarDate(value: string): string | null {
  const m = DATE_PART.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // a real day of a real month (Date.UTC rolls 2025-02-30 over into March)
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;

/** 'H:MM', 'HH:MM' or 'HH:MM:SS' → 'HH:MM', or null when it is not a time of day. */
export function hhmmTime(value: string): string | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 0 : Number(m[3])];
  if (h > 23 || min > 59 || s > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

export { isPlaceholderFlight };

/** '' and null count as absent, so a blank form field gets the "is required" sentence. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const requiredText = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).trim().max(200, 'Must be at most 200 characters'));

/** A passenger count: integer ≥ 0; numeric strings are parsed. */
function count(required?: string) {
  const num = z
    .number({ error: (iss) => (iss.input === undefined && required ? required : FLIGHT_MESSAGES.wholeNumber) })
    // a refinement, not .int(): zod's int check ends the row's checking, and the row's other messages
    // (the Other airline's name) would come one submit later
    .refine(Number.isInteger, FLIGHT_MESSAGES.wholeNumber)
    .min(0, FLIGHT_MESSAGES.negative)
    .max(MAX_PASSENGERS_PER_FLIGHT, `Must be at most ${MAX_PASSENGERS_PER_FLIGHT}`);
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return decimalText(b);
    },
    required ? num : num.default(0),
  );
}

export interface FlightSchemaOptions {
  /** the tokenised form requires the flight type; the verified form defaults a missing one to 'arrival' */
  requireType?: boolean;
  /**
   * The flight forms' rule: an airline chosen as Other needs its name (the API stores Other without one
   * as 'Other'). The airport is asked for but required by neither: the written form's required fields do
   * not include it, and a flight without one reads "airport not given" (docs/decisions.md "Airports").
   */
  form?: boolean;
}

/** One flight row (docs/product.md#api Flight submission), dates limited to the window, airports the event's or Other. */
export function flightSchema(window: FlightRules, opts: FlightSchemaOptions = {}) {
  const codes = new Map(window.airports.map((a) => [a.code, a.name]));
  const airportCode = z.preprocess(
    blankToUndefined,
    z.string({ error: 'Must be text' }).trim().max(200, 'Must be at most 200 characters').optional(),
  );
  const type = z.enum(FLIGHT_TYPES, {
    error: (iss) => (iss.input === undefined ? FLIGHT_MESSAGES.typeRequired : FLIGHT_MESSAGES.typeInvalid),
  });
  return z
    .object({
      id: z.preprocess(
        blankToUndefined,
        z
          .number({ error: 'Invalid flight id' })
          .int('Invalid flight id')
          .positive('Invalid flight id')
          .max(MAX_ROW_ID, 'Invalid flight id')
          .optional(),
      ),
      flightType: z.preprocess(blankToUndefined, opts.requireType ? type : type.default('arrival')),
      // kept as written ('Delta' stays 'Delta'); shared/airlines.ts makes it the same flight as 'Delta Air Lines'
      airline: requiredText(FLIGHT_MESSAGES.airlineRequired).transform((v, ctx) => {
        if (v.length > 100) {
          ctx.addIssue({ code: 'custom', message: 'Airline name must be at most 100 characters' });
          return z.NEVER;
        }
        return canonicalAirline(v) === OTHER_AIRLINE ? OTHER_AIRLINE : v;
      }),
      /** the airline's name when Other: stored as the flight's airline, so every screen, export and mail shows it */
      airlineName: z.preprocess(
        blankToUndefined,
        z.string({ error: 'Must be text' }).trim().max(100, 'Airline name must be at most 100 characters').optional(),
      ),
      flightNumber: requiredText(FLIGHT_MESSAGES.numberRequired)
        .pipe(
          z
            .string()
            .max(20, 'Flight number must be at most 20 characters')
            .regex(/[\p{L}\p{N}]/u, FLIGHT_MESSAGES.numberInvalid),
        )
        .transform((v) => v.replace(/\s+/g, ' ').toUpperCase()),
      flightDate: requiredText(FLIGHT_MESSAGES.dateRequired).transform((v, ctx) => {
        const date = calendarDate(v);
        if (!date) {
          ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.dateInvalid });
          return z.NEVER;
        }
        if (date < window.min || date > window.max) {
          ctx.addIssue({ code: 'custom', message: dateOutsideWindowMessage(window) });
          return z.NEVER;
        }
        return date;
      }),
      flightTime: requiredText(FLIGHT_MESSAGES.timeRequired).transform((v, ctx) => {
        const time = hhmmTime(v);
        if (!time) {
          ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.timeInvalid });
          return z.NEVER;
        }
        return time;
      }),
      airport: airportCode.transform((v, ctx) => {
        if (v === undefined) return null;
        const code = v.toUpperCase();
        if (code !== OTHER_AIRPORT && !codes.has(code)) {
          ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.airportUnknown });
          return z.NEVER;
        }
        return code;
      }),
      /** the airport's name when Other; ignored (the configured name is stored) otherwise */
      airportName: z.preprocess(
        blankToUndefined,
        z.string({ error: 'Must be text' }).trim().max(100, 'Airport name must be at most 100 characters').optional(),
      ),
      adultsCount: count(FLIGHT_MESSAGES.adultsRequired),
      childrenCount: count(),
      childSeatsNeeded: count(),
      specialInstructions: optionalText(1000),
    })
    .superRefine(
      (f, ctx) => {
        // 'N/A' as the name would store the flight as a placeholder, dropped from the board and the list
        const placeholderName =
          f.airline === OTHER_AIRLINE && f.airlineName !== undefined && isPlaceholderFlight({ airline: f.airlineName });
        if ((opts.form && f.airline === OTHER_AIRLINE && !f.airlineName) || placeholderName) {
          ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.airlineNameRequired, path: ['airlineName'] });
        }
        if (f.airport === OTHER_AIRPORT && !f.airportName) {
          ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.airportNameRequired, path: ['airportName'] });
        }
      },
      // also when another field of the row is wrong: every message of the row at once, not one submit later
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .transform(({ airlineName, ...f }) => ({
      ...f,
      airline: f.airline === OTHER_AIRLINE ? (airlineName ?? OTHER_AIRLINE) : f.airline,
      airportName: f.airport === null ? null : f.airport === OTHER_AIRPORT ? f.airportName! : codes.get(f.airport)!,
    }));
}

export type FlightSubmission = z.output<ReturnType<typeof flightSchema>>;

/** The flights of a submission: placeholders dropped, then every row validated. */
export function flightListSchema(window: FlightRules, opts: FlightSchemaOptions = {}) {
  return z
    .array(z.unknown(), { error: 'Flights must be a list' })
    .max(MAX_FLIGHTS_PER_SUBMISSION, `At most ${MAX_FLIGHTS_PER_SUBMISSION} flights`)
    .transform((rows) => rows.filter((r) => !isPlaceholderFlight(r)))
    .pipe(z.array(flightSchema(window, opts)));
}

const needsTransportationField = z.boolean({ error: 'Please choose whether you need transportation' }).default(true);

/** needsTransportation with no (real) flight is the docs/product.md#messages sentence, reported on `flights`. */
function requireFlightsWhenTransport(v: { needsTransportation: boolean; flights: unknown[] }, ctx: z.RefinementCtx) {
  if (v.needsTransportation && v.flights.length === 0) {
    ctx.addIssue({ code: 'custom', message: FLIGHT_MESSAGES.needFlights, path: ['flights'] });
  }
}

/** The registration a verified submission is for: its numeric id or its registration number. */
export const registrationRefSchema = z.object({
  registrationId: z.union(
    [
      z.number({ error: 'Registration not found' }).int('Registration not found').positive('Registration not found'),
      z.string({ error: 'Registration not found' }).trim().min(1, 'Registration is required').max(40, 'Registration not found'),
    ],
    { error: (issue) => (issue.input === undefined || issue.input === null ? 'Registration is required' : 'Registration not found') },
  ),
});

/** The tokenised form's link token (an emailed flight-details request). */
export const flightLinkTokenSchema = z.object({
  token: z.string({ error: 'Invalid URL' }).trim().min(1, 'Invalid URL').max(200, 'Invalid URL'),
});

/**
 * The saved flights and choice a form started from (`flightsBase`), sent back with it: the server
 * refuses (409) when the flights were changed meanwhile, on another phone or by the organisers, rather
 * than put back what the other change replaced. Absent (an API client, or "Send mine anyway"): no check.
 */
const basedOnField = z.string({ error: 'basedOn must be text' }).max(200_000, 'basedOn is too long').optional();

/**
 * The saved flights and needs-transportation choice a form starts from, as one comparable text: only
 * what the form shows of them, so a greeter's tick on the family's flight changes nothing here.
 */
export const flightsBase = (existing: ExistingFlight[], needsTransportation: boolean | undefined): string =>
  JSON.stringify([formRowsFromExisting(existing), needsTransportation ?? null]);

/** POST /flight-info/submit-verified body: registrationId is the numeric id or the registration number. */
export function submitVerifiedSchema(window: FlightRules, opts: Pick<FlightSchemaOptions, 'form'> = {}) {
  return z
    .object({
      ...registrationRefSchema.shape,
      basedOn: basedOnField,
      needsTransportation: needsTransportationField,
      flights: flightListSchema(window, opts).default([]),
    })
    .superRefine(requireFlightsWhenTransport);
}

/** POST /flight-info/submit body (the tokenised form): also requires the flight type and the email. */
export function submitWithTokenSchema(window: FlightRules, opts: Pick<FlightSchemaOptions, 'form'> = {}) {
  return z
    .object({
      ...flightLinkTokenSchema.shape,
      email: z
        .string({ error: 'Email is required' })
        .trim()
        .min(1, 'Email is required')
        .max(254, 'Invalid email address')
        .email('Invalid email address')
        .transform((v) => v.toLowerCase()),
      basedOn: basedOnField,
      needsTransportation: needsTransportationField,
      flights: flightListSchema(window, { ...opts, requireType: true }).default([]),
      turnstileToken: challengeAnswer(),
    })
    .superRefine(requireFlightsWhenTransport);
}

/** What a flight form row holds while being edited (inputs are strings until submitted). */
export interface FlightFormRow {
  id?: number;
  flightType: FlightType;
  airline: string;
  flightNumber: string;
  /** YYYY-MM-DD */
  flightDate: string;
  /** HH:MM */
  flightTime: string;
  /** a configured airport's code, 'OTHER', or '' (not chosen yet) */
  airport: string;
  /** the typed name when Other */
  airportName: string;
  /** the airline's typed name when the airline is Other */
  airlineName: string;
  adultsCount: number | string;
  childrenCount: number | string;
  childSeatsNeeded: number | string;
  specialInstructions: string;
}

/** A new row (docs/product.md#screens): arrival for the first row, departure for every row added after it. */
export function newFlightRow(index: number): FlightFormRow {
  return {
    flightType: index === 0 ? 'arrival' : 'departure',
    airline: '',
    flightNumber: '',
    flightDate: '',
    flightTime: '',
    airport: '',
    airportName: '',
    airlineName: '',
    adultsCount: 1,
    childrenCount: 0,
    childSeatsNeeded: 0,
    specialInstructions: '',
  };
}

/** What the flight form loads of a stored flight record. */
export type ExistingFlight = Pick<
  FlightInfoRecord,
  | 'id'
  | 'flight_type'
  | 'flight_date'
  | 'flight_time'
  | 'airline'
  | 'flight_number'
  | 'airport'
  | 'airport_name'
  | 'adults_count'
  | 'children_count'
  | 'child_seats_needed'
  | 'special_instructions'
>;

/** Loads existing flights into form rows, skipping 'N/A' placeholders (docs/product.md#screens Flight form rows). */
export function formRowsFromExisting(existing: ExistingFlight[]): FlightFormRow[] {
  return existing
    .filter((f) => !isPlaceholderFlight(f))
    .map((f) => ({
      id: f.id,
      flightType: f.flight_type,
      // an airline outside the list was typed under Other: it opens as Other with its name
      airline: canonicalAirline(f.airline) ?? OTHER_AIRLINE,
      airlineName: canonicalAirline(f.airline) ? '' : f.airline,
      flightNumber: f.flight_number,
      flightDate: f.flight_date ? f.flight_date.slice(0, 10) : '',
      flightTime: f.flight_time ? f.flight_time.slice(0, 5) : '',
      airport: f.airport ?? '',
      airportName: f.airport === OTHER_AIRPORT ? (f.airport_name ?? '') : '',
      adultsCount: f.adults_count,
      childrenCount: f.children_count,
      childSeatsNeeded: f.child_seats_needed,
      specialInstructions: f.special_instructions ?? '',
    }));
}
