/**
 * Flight arrivals for the airport team (docs/product.md#screens Flight Arrivals Dashboard, docs/product.md#api Flight arrival): the
 * arrival flights of registrations that are not cancelled and need transportation, with the party's
 * names and hotel. Two queries whatever the number of rows: the flights joined to their registrations,
 * then, for those registrations at once, the attendees (json_agg), flight dates and versions (GROUP BY).
 *
 * The offline download (sync-download.ts) uses the same rows. Each row's `version` is its
 * registration's sync version: the highest version among the registration, its attendees and its
 * flights, so any change to what a row shows re-sends every arrival of that registration.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArrayText, rowsOf } from '../../db/rows';
import { flights, registrations } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { hhmm } from './flight-view';
import { ARRIVALS_CSV_COLUMNS, type ArrivalAttendee, type FlightArrival } from '../../../shared/schemas/arrivals';
import { hotelMismatchWarnings } from '../../../shared/hotel-mismatch';
import { isRealFlight } from './real-flight';

/**
 * A flight of `type` someone is to meet (an arrival) or take to the airport (a departure) when all of these
 * hold (an 'N/A' airline is a placeholder row, in any case).
 */
const isListedFlight = (type: 'arrival' | 'departure'): SQL<boolean> => sql<boolean>`(${flights.removedAt} is null
  and ${flights.flightType} = ${type}
  and ${flights.needsTransportation}
  and ${registrations.needsTransportation}
  and ${registrations.status} <> 'cancelled'
  and ${isRealFlight(flights.airline)})`;

/** A flight is on the arrivals board when it is a listed arrival. */
export const isListedArrival = isListedFlight('arrival');

/**
 * SQL for a CTE body `(id, v)`: every registration's sync version, the highest version among the
 * registration, its attendees (removed ones too) and its flights (removed ones too).
 */
export const registrationSyncVersions = sql`
  select r.id, greatest(r.version, coalesce(a.v, 0), coalesce(fl.v, 0)) as v
  from registrations r
  left join (select registration_id, max(version) as v from attendees group by registration_id) a on a.registration_id = r.id
  left join (select registration_id, max(version) as v from flights group by registration_id) fl on fl.registration_id = r.id`;

/**
 * Only the flight columns a row shows: the board of a busy day is hundreds of rows, and every unused
 * column (timestamps above all) costs parsing and mapping on each request.
 */
const arrivalFlightColumns = {
  id: flights.id,
  registrationId: flights.registrationId,
  airline: flights.airline,
  flightNumber: flights.flightNumber,
  flightDate: flights.flightDate,
  flightTime: flights.flightTime,
  airport: flights.airport,
  airportName: flights.airportName,
  adultsCount: flights.adultsCount,
  childrenCount: flights.childrenCount,
  childSeatsNeeded: flights.childSeatsNeeded,
  specialInstructions: flights.specialInstructions,
  pickedUp: flights.pickedUp,
  pickedUpAt: flights.pickedUpAt,
  pickedUpBy: flights.pickedUpBy,
  pickedUpByUserId: flights.pickedUpByUserId,
  pickupDevice: flights.pickupDevice,
  pickupReceivedAt: flights.pickupReceivedAt,
  pickupTapAt: flights.pickupTapAt,
  pickupChangedBy: flights.pickupChangedBy,
  version: flights.version,
};

const arrivalSelection = () => ({
  flight: arrivalFlightColumns,
  registrationNumber: registrations.registrationNumber,
  firstName: registrations.primaryFirstName,
  lastName: registrations.primaryLastName,
  phone: registrations.primaryPhone,
  email: registrations.primaryEmail,
  hotelConfirmationNumber: registrations.hotelConfirmationNumber,
  hotelRoomNumber: registrations.hotelRoomNumber,
  hotelRoomType: registrations.hotelRoomType,
  hotelCheckIn: registrations.hotelCheckInDate,
  hotelCheckOut: registrations.hotelCheckOutDate,
  hotelNights: registrations.hotelNights,
});

/** Query 1: flights ⋈ registrations with the columns an arrival row shows; callers add where/order. */
export function selectArrivalRows(db: DbOrTx) {
  return db.select(arrivalSelection()).from(flights).innerJoin(registrations, eq(registrations.id, flights.registrationId));
}

export type ArrivalRow = Awaited<ReturnType<typeof selectArrivalRows>>[number];

interface RegistrationExtras {
  attendees: ArrivalAttendee[];
  firstArrival: string | null;
  lastDeparture: string | null;
  version: number;
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** Query 2: for many registrations at once, the party (active attendees, primary first), dates, version. */
async function registrationExtras(db: DbOrTx, ids: number[]): Promise<Map<number, RegistrationExtras>> {
  const map = new Map<number, RegistrationExtras>();
  if (ids.length === 0) return map;
  const list = intArrayText([...new Set(ids)]);
  const rows = rowsOf<{ id: number; attendees: unknown; first_arrival: string | null; last_departure: string | null; v: string }>(
    await db.execute(sql`
      select r.id,
        coalesce(a.list, '[]'::json) as attendees,
        fl.first_arrival::text as first_arrival,
        fl.last_departure::text as last_departure,
        greatest(r.version, coalesce(a.v, 0), coalesce(fl.v, 0))::text as v
      from registrations r
      left join (
        select registration_id,
          json_agg(json_build_object('firstName', first_name, 'lastName', last_name, 'ageCategory', age_category)
                   order by is_primary desc, id) filter (where removed_at is null) as list,
          max(version) as v
        from attendees where registration_id = any(${list}::int[]) group by registration_id
      ) a on a.registration_id = r.id
      left join (
        select registration_id,
          min(flight_date) filter (where flight_type = 'arrival' and removed_at is null) as first_arrival,
          max(flight_date) filter (where flight_type = 'departure' and removed_at is null) as last_departure,
          max(version) as v
        from flights where registration_id = any(${list}::int[]) group by registration_id
      ) fl on fl.registration_id = r.id
      where r.id = any(${list}::int[])`),
  );
  for (const r of rows) {
    map.set(Number(r.id), {
      attendees: parseJson<ArrivalAttendee[]>(r.attendees),
      firstArrival: r.first_arrival,
      lastDeparture: r.last_departure,
      version: Number(r.v),
    });
  }
  return map;
}

export function serializeArrival(row: ArrivalRow, extras: RegistrationExtras | undefined): FlightArrival {
  const f = row.flight;
  const hotel = row.hotelConfirmationNumber
    ? {
        confirmationNumber: row.hotelConfirmationNumber,
        roomNumber: row.hotelRoomNumber,
        roomType: row.hotelRoomType,
        checkIn: row.hotelCheckIn,
        checkOut: row.hotelCheckOut,
        nights: row.hotelNights,
      }
    : null;
  return {
    id: f.id,
    registrationId: f.registrationId,
    registrationNumber: row.registrationNumber,
    primaryContactName: `${row.firstName} ${row.lastName}`,
    primaryContactPhone: row.phone,
    primaryContactEmail: row.email,
    airline: f.airline,
    flightNumber: f.flightNumber,
    flightDate: f.flightDate,
    flightTime: hhmm(f.flightTime),
    airport: f.airport,
    airportName: f.airportName,
    adultsCount: f.adultsCount,
    childrenCount: f.childrenCount,
    childSeatsNeeded: f.childSeatsNeeded,
    attendees: extras?.attendees ?? [],
    specialInstructions: f.specialInstructions,
    picked_up: f.pickedUp,
    picked_up_at: f.pickedUpAt?.toISOString() ?? null,
    picked_up_by: f.pickedUpBy,
    picked_up_by_user_id: f.pickedUpByUserId,
    pickup_device: f.pickupDevice,
    pickup_received_at: f.pickupReceivedAt?.toISOString() ?? null,
    pickup_tap_at: f.pickupTapAt?.toISOString() ?? null,
    pickup_changed_by: f.pickupChangedBy,
    hotel,
    hotelWarnings: hotel
      ? hotelMismatchWarnings(
          { checkIn: row.hotelCheckIn, checkOut: row.hotelCheckOut },
          { arrivalDates: [extras?.firstArrival], departureDates: [extras?.lastDeparture] },
        )
      : [],
    version: extras?.version ?? f.version,
  };
}

/** Serialises query-1 rows, fetching their registrations' extras in one more query. */
export async function withExtras(db: DbOrTx, rows: ArrivalRow[]): Promise<FlightArrival[]> {
  const extras = await registrationExtras(
    db,
    rows.map((r) => r.flight.registrationId),
  );
  return rows.map((r) => serializeArrival(r, extras.get(r.flight.registrationId)));
}

/** Arrival rows for the given flight ids, in the order given (the sync page's order). */
export async function arrivalsByIds(db: DbOrTx, ids: number[]): Promise<FlightArrival[]> {
  if (ids.length === 0) return [];
  const rows = await selectArrivalRows(db).where(inArray(flights.id, ids));
  const byId = new Map((await withExtras(db, rows)).map((a) => [a.id, a]));
  return ids.map((id) => byId.get(id)).filter((a): a is FlightArrival => a !== undefined);
}

/**
 * The arrivals board, one date ('YYYY-MM-DD') or all, ordered by date then time; with `type: 'departure'`,
 * the departures needing a ride to the airport, in the same rows (their export).
 */
export async function listArrivals(db: DbOrTx, opts: { date?: string; type?: 'arrival' | 'departure' } = {}): Promise<FlightArrival[]> {
  const listed = opts.type === 'departure' ? isListedFlight('departure') : isListedArrival;
  const rows = await selectArrivalRows(db)
    .where(and(listed, opts.date ? eq(flights.flightDate, opts.date) : undefined))
    .orderBy(
      sql`${flights.flightDate} asc nulls last`,
      sql`${flights.flightTime} asc nulls last`,
      asc(registrations.registrationNumber),
      asc(flights.id),
    );
  return withExtras(db, rows);
}

/**
 * The arrivals CSV (docs/product.md#api: the written 13 columns): Registration, Primary Contact, Phone, Email, Airline,
 * Flight Number, Date (YYYY-MM-DD), Time (HH:MM), Adults, Children, Child Seats, Attendees ('First Last'
 * joined by '; '), Special Instructions. No airport column: the written export has thirteen, and the board
 * shows each flight's airport (docs/decisions.md "Airports"). Formula-like cells are neutralised by
 * server/lib/csv.ts.
 */
export function arrivalsCsv(arrivals: FlightArrival[]): string {
  return toCsv(
    ARRIVALS_CSV_COLUMNS,
    arrivals.map((a) => [
      a.registrationNumber,
      a.primaryContactName,
      a.primaryContactPhone,
      a.primaryContactEmail,
      a.airline,
      a.flightNumber,
      a.flightDate,
      a.flightTime,
      a.adultsCount,
      a.childrenCount,
      a.childSeatsNeeded,
      a.attendees.map((p) => `${p.firstName} ${p.lastName}`).join('; '),
      a.specialInstructions,
    ]),
  );
}
