/**
 * A registration's flights and their replacement by a visitor's (or an admin's) submission.
 *
 * replaceFlights, in one transaction with the registration row locked:
 *   1. rows that carry the id of one of this registration's live flights update that flight in place;
 *      when the flight itself (type, airline, number, date, time) is unchanged its pickup state is kept,
 *      otherwise the pickup is reset (a greeter ticked a different flight);
 *   2. a row without such an id that names a live flight no other row claims (the same type, airline,
 *      number, date and time: an API client sends no ids) is that flight, as in 1; any other row is inserted;
 *   3. live flights the submission no longer lists are soft-removed (removed_at), never deleted;
 *   4. registrations.needs_transportation takes the submitted choice;
 *   5. every changed row gets a new `version` so offline devices download the change; one audit entry.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { flights, registrations } from '../../db/schema';
import { flightKey } from '../../../shared/airlines';
import { FLIGHT_MESSAGES, flightsBase, type FlightSubmission } from '../../../shared/schemas/flight';
import { conflict } from '../../lib/errors';
import { audit, type Actor } from '../operations/audit';
import { flightFor, hhmm, serializeFlight, type FlightInfoRecord, type FlightReader, type FlightRow } from './flight-view';

const nextVersion = sql`nextval('sync_version_seq')`;

/** The registration's live (not removed) flights, in the order they were entered; `lock`: FOR UPDATE, in that (id) order. */
export async function listFlights(db: DbOrTx, registrationId: number, opts: { lock?: boolean } = {}): Promise<FlightRow[]> {
  const query = db
    .select()
    .from(flights)
    .where(and(eq(flights.registrationId, registrationId), isNull(flights.removedAt)))
    .orderBy(asc(flights.id));
  return opts.lock ? query.for('update') : query;
}

export async function listFlightRecords(db: DbOrTx, registrationId: number, reader: FlightReader = 'staff'): Promise<FlightInfoRecord[]> {
  return (await listFlights(db, registrationId)).map((f) => flightFor(serializeFlight(f), reader));
}

/** The same flight (what a greeter waits for at the airport), whatever the party size or notes. */
function sameFlight(row: FlightRow, f: FlightSubmission): boolean {
  return (
    row.flightType === f.flightType &&
    flightKey(row) === flightKey(f) &&
    row.flightDate === f.flightDate &&
    hhmm(row.flightTime) === f.flightTime &&
    // a flight stored before airports were asked is the same flight once its airport is given
    (row.airport === null || (row.airport === f.airport && row.airportName === f.airportName))
  );
}

function sameDetails(row: FlightRow, f: FlightSubmission, needsTransportation: boolean): boolean {
  return (
    sameFlight(row, f) &&
    row.airport === f.airport &&
    row.airportName === f.airportName &&
    row.airline === f.airline &&
    row.flightNumber === f.flightNumber &&
    row.adultsCount === f.adultsCount &&
    row.childrenCount === f.childrenCount &&
    row.childSeatsNeeded === f.childSeatsNeeded &&
    (row.specialInstructions ?? null) === (f.specialInstructions ?? null) &&
    row.needsTransportation === needsTransportation
  );
}

const flightValues = (f: FlightSubmission, needsTransportation: boolean) => ({
  flightType: f.flightType,
  airline: f.airline,
  flightNumber: f.flightNumber,
  flightDate: f.flightDate,
  flightTime: f.flightTime,
  airport: f.airport,
  airportName: f.airportName,
  adultsCount: f.adultsCount,
  childrenCount: f.childrenCount,
  childSeatsNeeded: f.childSeatsNeeded,
  specialInstructions: f.specialInstructions,
  needsTransportation,
});

/** A client that does not send the airport (the API does not require it) keeps the stored one. */
const withStoredAirport = (given: FlightSubmission, row: FlightRow): FlightSubmission =>
  given.airport === null ? { ...given, airport: row.airport, airportName: row.airportName } : given;

/** Who a pickup's reset by a change of flight is told to come from (a greeter's tap is overridden by it). */
const FLIGHT_CHANGE = 'a change of flight';

/**
 * A changed flight is another meeting: its pickup starts over, stamped as a tap at `now`, so a tick
 * made for the old flight and still queued on a phone arrives stale instead of ticking the new one.
 */
const clearedPickup = (now: Date) => ({
  pickedUp: false,
  pickedUpAt: null,
  pickedUpBy: null,
  pickedUpByUserId: null,
  pickupDevice: null,
  pickupTapAt: now,
  pickupReceivedAt: null,
  pickupChangedBy: FLIGHT_CHANGE,
});

export interface ReplaceFlightsInput {
  needsTransportation: boolean;
  flights: FlightSubmission[];
  /** the saved flights the form started from (flightsBase): a 409 when they changed meanwhile; absent, no check */
  basedOn?: string;
}

/** Replaces the registration's flights (see the algorithm above) and returns the live flights after. */
export async function replaceFlights(
  db: DbOrTx,
  registrationId: number,
  input: ReplaceFlightsInput,
  actor: Actor,
): Promise<FlightInfoRecord[]> {
  return db.transaction(async (tx) => {
    // the lock makes two submissions for one registration apply one after the other
    const [reg] = await tx
      .select({ id: registrations.id, needsTransportation: registrations.needsTransportation })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for('update');
    if (!reg) throw new Error(`registration ${registrationId} does not exist`);

    // the live flights locked now, in id order, as pickups lock them: updated in the order submitted
    // instead, a resubmission and a greeter's batch of pickups could each hold a flight the other waits for
    const before = await listFlights(tx, registrationId, { lock: true });
    // called before each write: a form started from other flights than these is refused before anything
    // is written, but one that changes nothing (the same form sent again, its first answer lost) is not
    // (the first call decides: the flights it compares are those locked above, not the writes since)
    let checked = input.basedOn === undefined;
    const mayWrite = () => {
      if (checked) return;
      checked = true;
      // what the form showed of them: a form opened before the choice was known sent it as unknown
      const saved = before.map(serializeFlight);
      if (input.basedOn !== flightsBase(saved, reg.needsTransportation) && input.basedOn !== flightsBase(saved, undefined))
        throw conflict(FLIGHT_MESSAGES.changedMeanwhile);
    };
    const byId = new Map(before.map((row) => [row.id, row]));
    const kept = new Set<number>();
    const now = new Date();

    for (const given of input.flights) {
      const byGivenId = given.id !== undefined ? byId.get(given.id) : undefined;
      // a row without a live flight's id is still that flight when it names it (an API client sends no ids)
      const row =
        byGivenId && !kept.has(byGivenId.id)
          ? byGivenId
          : before.find((r) => !kept.has(r.id) && !input.flights.some((o) => o.id === r.id) && sameFlight(r, withStoredAirport(given, r)));
      const f = row ? withStoredAirport(given, row) : given;
      if (row && !kept.has(row.id)) {
        kept.add(row.id);
        if (sameDetails(row, f, input.needsTransportation)) continue;
        mayWrite();
        await tx
          .update(flights)
          .set({
            ...flightValues(f, input.needsTransportation),
            ...(sameFlight(row, f) ? {} : clearedPickup(now)),
            updatedAt: now,
            version: nextVersion,
          })
          .where(eq(flights.id, row.id));
      } else {
        mayWrite();
        await tx.insert(flights).values({ registrationId, ...flightValues(f, input.needsTransportation) });
      }
    }

    const dropped = before.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (dropped.length) {
      mayWrite();
      await tx.update(flights).set({ removedAt: now, updatedAt: now, version: nextVersion }).where(inArray(flights.id, dropped));
    }
    if (reg.needsTransportation !== input.needsTransportation) {
      mayWrite();
      await tx
        .update(registrations)
        .set({ needsTransportation: input.needsTransportation, updatedAt: now, version: nextVersion })
        .where(eq(registrations.id, registrationId));
    }

    const after = await listFlightRecords(tx, registrationId);
    await audit(
      tx,
      actor,
      'flights.replace',
      { type: 'registration', id: registrationId },
      { needsTransportation: reg.needsTransportation, flights: before.map(serializeFlight) },
      { needsTransportation: input.needsTransportation, flights: after },
    );
    return after;
  });
}
