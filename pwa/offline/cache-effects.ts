/**
 * What an outbox op does to the cached data, and how it is undone. Called inside the transactions of
 * outbox.ts (queue, discard, retry, keep server) and settle.ts (acknowledged, refused), which include the
 * tables named in each function's comment.
 *
 * Pickups: the shown pickup fields of an arrival are those of the latest pending tap on it, or else the
 * server's state (`arrival.server`).
 * Hotel links: the booking is hidden from the unmatched list, and the registration (and its arrivals)
 * show the booking's hotel fields, keeping the server's in `pendingHotel.before` for an undo.
 */
import { hotelMismatchWarnings } from '../../shared/hotel-mismatch';
import { isPlaceholderFlight } from '../../shared/placeholder-flight';
import type { AppDB } from './db';
import { arrivalHotelOf, hotelFieldsFromBooking, hotelFieldsOf } from './hotel-fields';
import type { HotelFields, HotelLinkOp, PickupFields, PickupOp } from './types';

/** The pickup fields a tap shows. */
export const tapFields = (op: PickupOp): PickupFields => ({
  picked_up: op.payload.picked_up,
  picked_up_at: op.payload.picked_up ? op.clientTime : null,
  picked_up_by: op.payload.picked_up ? op.payload.picked_up_by : null,
});

/**
 * Shows on each flight the latest pending tap on it, or the server's state when none is left; the outbox
 * is read once whatever the number of flights (a settled batch of 100 must not read it 100 times).
 * Tables: arrivals, outbox.
 */
export async function showLatestTaps(db: AppDB, flightIds: Iterable<number>, exceptOpId?: string): Promise<void> {
  const ids = [...new Set(flightIds)];
  if (!ids.length) return;
  const wanted = new Set(ids);
  const latest = new Map<number, PickupOp>();
  for (const op of await db.outbox.where('state').equals('pending').sortBy('seq')) {
    if (op.kind === 'pickup' && wanted.has(op.payload.flightId) && op.opId !== exceptOpId) latest.set(op.payload.flightId, op);
  }
  const shown = (await db.arrivals.bulkGet(ids)).flatMap((arrival) => {
    if (!arrival) return [];
    const last = latest.get(arrival.id);
    const { version: _v, ...serverFields } = arrival.server;
    return [{ ...arrival, ...(last ? tapFields(last) : serverFields) }];
  });
  await db.arrivals.bulkPut(shown);
}

/** Shows the latest pending tap on the flight, or the server's state when none is left. Tables: arrivals, outbox. */
export const showLatestTap = (db: AppDB, flightId: number, exceptOpId?: string): Promise<void> =>
  showLatestTaps(db, [flightId], exceptOpId);

/** Sets the hotel fields (and its mismatch warnings) on the cached arrivals of a registration. Tables: arrivals, registrations. */
export async function setArrivalsHotel(db: AppDB, registrationId: number, fields: HotelFields): Promise<void> {
  const arrivals = await db.arrivals.where('registrationId').equals(registrationId).toArray();
  if (!arrivals.length) return;
  // greeters have no registrations cache: the cached arrivals give the arrival dates, admins' also the departures
  const flights = ((await db.registrations.get(registrationId))?.flights ?? []).filter((f) => !isPlaceholderFlight(f));
  const travel = {
    arrivalDates: [...arrivals.map((a) => a.flightDate), ...flights.filter((f) => f.flight_type === 'arrival').map((f) => f.flight_date)],
    departureDates: flights.filter((f) => f.flight_type === 'departure').map((f) => f.flight_date),
  };
  const hotelWarnings = hotelMismatchWarnings({ checkIn: fields.hotel_check_in_date, checkOut: fields.hotel_check_out_date }, travel);
  await db.arrivals.bulkPut(arrivals.map((a) => ({ ...a, hotel: arrivalHotelOf(fields), hotelWarnings })));
}

/** Shows a queued link: booking hidden, registration and its arrivals with the booking's hotel. Tables: hotelAssignments, registrations, arrivals. */
export async function showLink(db: AppDB, op: HotelLinkOp): Promise<void> {
  const { assignmentId, registrationId, assignment } = op.payload;
  await db.hotelAssignments.update(assignmentId, { hiddenByOp: op.opId });
  const reg = await db.registrations.get(registrationId);
  const fields = hotelFieldsFromBooking(assignment);
  if (reg) {
    const before = reg.pendingHotel?.before ?? hotelFieldsOf(reg);
    await db.registrations.put({ ...reg, ...fields, pendingHotel: { opId: op.opId, before } });
  }
  await setArrivalsHotel(db, registrationId, fields);
}

/**
 * Puts the registration back to the server's hotel fields when `op` is the link it shows; with
 * `server` (an acknowledged link's answer) those fields become the server's. Tables: registrations, arrivals.
 */
export async function settleRegistrationHotel(db: AppDB, op: HotelLinkOp, server?: HotelFields): Promise<void> {
  const reg = await db.registrations.get(op.payload.registrationId);
  if (!reg) {
    if (server) await setArrivalsHotel(db, op.payload.registrationId, server);
    return;
  }
  const marker = reg.pendingHotel;
  if (marker && marker.opId !== op.opId) {
    // a later link to the same registration is still shown: only its "undo to" changes
    if (server) await db.registrations.put({ ...reg, pendingHotel: { ...marker, before: server } });
    return;
  }
  const fields = server ?? marker?.before ?? hotelFieldsOf(reg);
  await db.registrations.put({ ...reg, ...fields, pendingHotel: null });
  await setArrivalsHotel(db, reg.id, fields);
}

/** Shows the booking in the unmatched list again, if `op` hid it. Tables: hotelAssignments. */
export async function unhideBooking(db: AppDB, op: HotelLinkOp): Promise<void> {
  const booking = await db.hotelAssignments.get(op.payload.assignmentId);
  if (booking && booking.hiddenByOp === op.opId) await db.hotelAssignments.put({ ...booking, hiddenByOp: null });
}

/** Forgets a booking the server has linked or deleted. Tables: hotelAssignments, candidates. */
export async function dropBooking(db: AppDB, assignmentId: number): Promise<void> {
  await db.hotelAssignments.delete(assignmentId);
  await db.candidates.delete(assignmentId);
}
