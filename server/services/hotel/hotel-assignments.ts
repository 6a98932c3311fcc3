/**
 * Hotel bookings and their link to registrations (docs/product.md#screens Hotel assignments, docs/product.md#rules Hotel matching).
 *
 * A booking (hotel_assignments row) is linked to at most one registration. Linking copies the booking
 * onto the registration's hotel_* fields in the same transaction; a registration may hold several
 * bookings (a large family, two rooms): its hotel_* fields show the most recently linked one, and
 * unlinking that one shows the next linked booking, or clears the fields when none is left.
 * Every write bumps the rows' sync version (offline download) and is audited.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, flights, hotelAssignments, registrations } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../operations/audit';
import { audit } from '../operations/audit';
import { hotelFields } from '../registrations/registration-view';
import { likePattern } from '../registrations/search-text';
import { candidateWords, rankCandidates } from '../../../shared/candidate-ranking';
import { HOTEL_CANDIDATE_LIMIT } from '../../../shared/constants';
import { hotelMismatchWarnings, type TravelDates } from '../../../shared/hotel-mismatch';
import { hotelFieldsFromBooking } from '../../../shared/hotel-fields';
import type { HotelAssignment, HotelMatchCandidate, RegistrationHotel } from '../../../shared/schemas/hotel';

export type HotelRow = typeof hotelAssignments.$inferSelect;
type RegistrationRow = typeof registrations.$inferSelect;

const nextVersion = () => sql`nextval('sync_version_seq')`;

export const BOOKING_LINKED_ELSEWHERE = 'This hotel booking is already linked to another registration';
export const BOOKING_DELETED = 'This hotel booking was deleted';
export const REGISTRATION_CANCELLED_FOR_LINK = 'This registration is cancelled: reactivate it before linking a hotel booking';
export const BOOKING_NOT_FOUND = 'Hotel assignment not found';

export function serializeAssignment(a: HotelRow): HotelAssignment {
  return {
    id: a.id,
    guest_name: a.guestName,
    confirmation_number: a.confirmationNumber,
    hotel_confirmation_number: a.confirmationNumber,
    room_type: a.roomType,
    room_number: a.roomNumber,
    check_in_date: a.checkInDate,
    check_out_date: a.checkOutDate,
    nights: a.nights,
    vip_status: a.vipStatus,
    notes: a.notes,
    registration_id: a.registrationId,
    matched_at: a.matchedAt?.toISOString() ?? null,
    version: a.version,
  };
}

/** Arrival and departure dates of each registration's current flights, in one query. */
export async function travelDatesOf(db: DbOrTx, registrationIds: number[]): Promise<Map<number, TravelDates>> {
  const map = new Map<number, TravelDates>();
  if (registrationIds.length === 0) return map;
  const rows = await db
    .select({ registrationId: flights.registrationId, type: flights.flightType, date: flights.flightDate })
    .from(flights)
    .where(and(inArray(flights.registrationId, registrationIds), isNull(flights.removedAt)));
  for (const r of rows) {
    const t = map.get(r.registrationId) ?? { arrivalDates: [], departureDates: [] };
    (r.type === 'arrival' ? t.arrivalDates : t.departureDates).push(r.date);
    map.set(r.registrationId, t);
  }
  return map;
}

const noTravel: TravelDates = { arrivalDates: [], departureDates: [] };

export function registrationHotel(r: RegistrationRow, travel: TravelDates = noTravel): RegistrationHotel {
  return {
    id: r.id,
    registration_number: r.registrationNumber,
    primary_first_name: r.primaryFirstName,
    primary_last_name: r.primaryLastName,
    ...hotelFields(r),
    version: r.version,
    warnings: hotelMismatchWarnings({ checkIn: r.hotelCheckInDate, checkOut: r.hotelCheckOutDate }, travel),
  };
}

/** A booking's columns as linking reads them (a stored row, or one the demo event is about to store). */
export type BookingColumns = Pick<HotelRow, 'guestName' | 'confirmationNumber'> &
  Partial<Pick<HotelRow, 'roomType' | 'roomNumber' | 'checkInDate' | 'checkOutDate' | 'nights' | 'notes'>>;

/** The registration's hotel_* columns for a booking: what linking copies (the rule: shared/hotel-fields.ts). */
export function hotelFieldsOf(a: BookingColumns) {
  const f = hotelFieldsFromBooking({
    guest_name: a.guestName,
    confirmation_number: a.confirmationNumber,
    room_type: a.roomType ?? null,
    room_number: a.roomNumber ?? null,
    check_in_date: a.checkInDate ?? null,
    check_out_date: a.checkOutDate ?? null,
    nights: a.nights ?? null,
    notes: a.notes ?? null,
  });
  return {
    hotelConfirmationNumber: f.hotel_confirmation_number,
    hotelRoomNumber: f.hotel_room_number,
    hotelRoomType: f.hotel_room_type,
    hotelCheckInDate: f.hotel_check_in_date,
    hotelCheckOutDate: f.hotel_check_out_date,
    hotelNights: f.hotel_nights,
    hotelGuestName: f.hotel_guest_name,
    hotelNotes: f.hotel_notes,
  };
}

const NO_HOTEL = {
  hotelConfirmationNumber: null,
  hotelRoomNumber: null,
  hotelRoomType: null,
  hotelCheckInDate: null,
  hotelCheckOutDate: null,
  hotelNights: null,
  hotelGuestName: null,
  hotelNotes: null,
};

const hotelAudit = (r: RegistrationRow) => {
  const { version: _v, warnings: _w, ...rest } = registrationHotel(r);
  return rest;
};

/** Writes hotel fields onto a registration, bumping its version and auditing before/after. */
export async function setRegistrationHotel(
  tx: DbOrTx,
  before: RegistrationRow,
  fields: ReturnType<typeof hotelFieldsOf> | typeof NO_HOTEL,
  actor: Actor,
  action: string,
): Promise<RegistrationRow> {
  const [after] = await tx
    .update(registrations)
    .set({ ...fields, updatedAt: new Date(), version: nextVersion() })
    .where(eq(registrations.id, before.id))
    .returning();
  await audit(tx, actor, action, { type: 'registration', id: before.id }, hotelAudit(before), hotelAudit(after));
  return after;
}

/**
 * Undoes what linking `a` did to its registration: when the registration shows this booking, it shows
 * the next booking still linked to it, or no hotel. Returns the registration (null when not linked).
 */
async function detachFromRegistration(tx: DbOrTx, a: HotelRow, actor: Actor): Promise<RegistrationRow | null> {
  if (!a.registrationId) return null;
  const [reg] = await tx.select().from(registrations).where(eq(registrations.id, a.registrationId)).for('update').limit(1);
  if (!reg) return null;
  if (reg.hotelConfirmationNumber !== a.confirmationNumber) return reg;
  const [next] = await tx
    .select()
    .from(hotelAssignments)
    .where(and(eq(hotelAssignments.registrationId, reg.id), ne(hotelAssignments.id, a.id), isNull(hotelAssignments.deletedAt)))
    .orderBy(desc(hotelAssignments.matchedAt), desc(hotelAssignments.id))
    .limit(1);
  return setRegistrationHotel(tx, reg, next ? hotelFieldsOf(next) : NO_HOTEL, actor, 'registration.hotel_unlink');
}

async function lockAssignment(tx: DbOrTx, id: number): Promise<HotelRow> {
  const [a] = await tx.select().from(hotelAssignments).where(eq(hotelAssignments.id, id)).for('update').limit(1);
  if (!a) throw notFound(BOOKING_NOT_FOUND);
  return a;
}

const unmatchedWhere = and(isNull(hotelAssignments.registrationId), isNull(hotelAssignments.deletedAt));

async function page(db: DbOrTx, where: ReturnType<typeof and>, p: { page: number; limit: number }) {
  const [{ total }] = await db.select({ total: count() }).from(hotelAssignments).where(where);
  const rows = await db
    .select()
    .from(hotelAssignments)
    .where(where)
    .orderBy(asc(hotelAssignments.guestName), asc(hotelAssignments.id))
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  return {
    assignments: rows.map(serializeAssignment),
    pagination: { page: p.page, limit: p.limit, total, pages: Math.ceil(total / p.limit) },
  };
}

/** Bookings waiting for a registration (not linked, not deleted), by guest name. */
export const listUnmatched = (db: DbOrTx, p: { page: number; limit: number }) => page(db, unmatchedWhere, p);

/** All live bookings, or those linked to one registration. */
export const listAssignments = (db: DbOrTx, p: { page: number; limit: number; registrationId?: number }) =>
  page(
    db,
    and(isNull(hotelAssignments.deletedAt), p.registrationId ? eq(hotelAssignments.registrationId, p.registrationId) : undefined),
    p,
  );

/** Active attendees per registration. */
async function partySizes(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: attendees.registrationId, n: count() })
    .from(attendees)
    .where(and(inArray(attendees.registrationId, ids), isNull(attendees.removedAt)))
    .groupBy(attendees.registrationId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** How many rows the word search may consider before ranking keeps the best 100. */
const SEARCH_SCAN_LIMIT = 2000;

/**
 * Candidate registrations for a guest name: every registration (not cancelled) whose search text
 * holds one of the name's words (number, contact and attendee names, email, phone), possible name
 * matches first, then by how many words were found; at most 100.
 */
export async function searchMatches(db: DbOrTx, name: string, assignmentId?: number): Promise<HotelMatchCandidate[]> {
  const words = candidateWords(name);
  if (words.length === 0) throw badRequest('Enter at least two letters of a name', { name: 'Enter at least two letters of a name' });
  let booking: HotelRow | undefined;
  if (assignmentId) {
    [booking] = await db.select().from(hotelAssignments).where(eq(hotelAssignments.id, assignmentId)).limit(1);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
  }
  const rows = await db
    .select()
    .from(registrations)
    .where(and(ne(registrations.status, 'cancelled'), or(...words.map((w) => sql`${registrations.searchText} like ${likePattern(w)}`))))
    .orderBy(asc(registrations.primaryLastName), asc(registrations.primaryFirstName), asc(registrations.id))
    .limit(SEARCH_SCAN_LIMIT);
  const ranked = rankCandidates(
    name,
    rows,
    (r) => ({ id: r.id, searchText: r.searchText, firstName: r.primaryFirstName, lastName: r.primaryLastName }),
    HOTEL_CANDIDATE_LIMIT,
  ).map(({ item, possible, match }) => ({ r: item, possible, match }));
  const [travel, sizes] = await Promise.all([
    travelDatesOf(
      db,
      ranked.map((x) => x.r.id),
    ),
    partySizes(
      db,
      ranked.map((x) => x.r.id),
    ),
  ]);
  return ranked.map(({ r, possible, match }) => ({
    id: r.id,
    registration_number: r.registrationNumber,
    primary_first_name: r.primaryFirstName,
    primary_last_name: r.primaryLastName,
    primary_email: r.primaryEmail,
    hotel_confirmation_number: r.hotelConfirmationNumber,
    possible_match: possible,
    name_match: match,
    city: r.city,
    party_size: sizes.get(r.id) ?? 0,
    warnings: hotelMismatchWarnings(
      booking
        ? { checkIn: booking.checkInDate, checkOut: booking.checkOutDate }
        : { checkIn: r.hotelCheckInDate, checkOut: r.hotelCheckOutDate },
      travel.get(r.id) ?? noTravel,
    ),
  }));
}

export interface LinkAnswer {
  message: string;
  assignment: HotelAssignment;
  registration: RegistrationHotel | null;
  /** false when the link was already in place (a replay or a second click) */
  changed: boolean;
}

const primaryName = (r: RegistrationRow) => `${r.primaryFirstName} ${r.primaryLastName}`;

/**
 * Links booking `id` to registration `registrationId` and copies it onto the registration's hotel
 * fields, in the caller's transaction. 409 when the booking is linked to another registration or was
 * deleted, 422 when the registration is cancelled; linking again to the same registration answers 200
 * without changing anything.
 */
export async function matchAssignment(tx: DbOrTx, id: number, registrationId: number, actor: Actor): Promise<LinkAnswer> {
  const a = await lockAssignment(tx, id);
  if (a.deletedAt) throw conflict(BOOKING_DELETED);
  if (a.registrationId && a.registrationId !== registrationId) throw conflict(BOOKING_LINKED_ELSEWHERE);
  const [reg] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update').limit(1);
  if (!reg) throw notFound('Registration not found');
  // a replay of a link made before the cancellation still answers as it did
  if (reg.status === 'cancelled' && a.registrationId !== registrationId) throw unprocessable(REGISTRATION_CANCELLED_FOR_LINK);
  const message = `Successfully linked ${a.guestName} to ${primaryName(reg)} (${reg.registrationNumber})`;
  const wanted = hotelFieldsOf(a);
  const showsBooking = (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => reg[k] === wanted[k]);

  let assignment = a;
  let registration = reg;
  if (a.registrationId !== registrationId) {
    [assignment] = await tx
      .update(hotelAssignments)
      .set({ registrationId, matchedAt: new Date(), matchedBy: actor.userId, updatedAt: new Date(), version: nextVersion() })
      .where(eq(hotelAssignments.id, id))
      .returning();
    await audit(
      tx,
      actor,
      'hotel.match',
      { type: 'hotel_assignment', id },
      { registration_id: a.registrationId },
      {
        registration_id: registrationId,
        registration_number: reg.registrationNumber,
      },
    );
  }
  if (!showsBooking) registration = await setRegistrationHotel(tx, reg, wanted, actor, 'registration.hotel_link');
  const travel = await travelDatesOf(tx, [registrationId]);
  return {
    message,
    assignment: serializeAssignment(assignment),
    registration: registrationHotel(registration, travel.get(registrationId)),
    changed: assignment !== a || registration !== reg,
  };
}

/** Unlinks booking `id` (it returns to the unmatched list); already unlinked answers 200 unchanged. */
export async function unmatchAssignment(tx: DbOrTx, id: number, actor: Actor): Promise<LinkAnswer> {
  const a = await lockAssignment(tx, id);
  if (a.deletedAt) throw conflict(BOOKING_DELETED);
  if (!a.registrationId) {
    return {
      message: `${a.guestName} is not linked to a registration`,
      assignment: serializeAssignment(a),
      registration: null,
      changed: false,
    };
  }
  const reg = await detachFromRegistration(tx, a, actor);
  const [after] = await tx
    .update(hotelAssignments)
    .set({ registrationId: null, matchedAt: null, matchedBy: null, updatedAt: new Date(), version: nextVersion() })
    .where(eq(hotelAssignments.id, id))
    .returning();
  await audit(
    tx,
    actor,
    'hotel.unmatch',
    { type: 'hotel_assignment', id },
    { registration_id: a.registrationId },
    { registration_id: null },
  );
  const travel = reg ? await travelDatesOf(tx, [reg.id]) : new Map<number, TravelDates>();
  return {
    message: reg ? `Unlinked ${a.guestName} from ${primaryName(reg)} (${reg.registrationNumber})` : `Unlinked ${a.guestName}`,
    assignment: serializeAssignment(after),
    registration: reg ? registrationHotel(reg, travel.get(reg.id)) : null,
    changed: true,
  };
}

/** Soft-deletes booking `id` (and first unlinks it, so no registration shows a deleted booking). */
export async function deleteAssignment(tx: DbOrTx, id: number, actor: Actor): Promise<void> {
  const a = await lockAssignment(tx, id);
  if (a.deletedAt) throw notFound(BOOKING_NOT_FOUND);
  await detachFromRegistration(tx, a, actor);
  await tx
    .update(hotelAssignments)
    .set({ deletedAt: new Date(), deletedBy: actor.userId, registrationId: null, updatedAt: new Date(), version: nextVersion() })
    .where(eq(hotelAssignments.id, id));
  await audit(tx, actor, 'hotel.delete', { type: 'hotel_assignment', id }, serializeAssignment(a), null);
}
