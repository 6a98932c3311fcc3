/**
 * Hotel bookings and their link to registrations (docs/product.md#hotel-assignments).
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
import { audit, auditAll, type AuditEntry } from '../operations/audit';
import { hotelFields } from '../registrations/registration-view';
import { isRealFlight } from '../flights/real-flight';
import { likePattern } from '../registrations/search-text';
import { candidateWords, rankCandidates } from '../../../shared/candidate-ranking';
import { HOTEL_CANDIDATE_LIMIT } from '../../../shared/constants';
import { hotelMismatchWarnings, type TravelDates } from '../../../shared/hotel-mismatch';
import { hotelFieldsFromBooking } from '../../../shared/hotel-fields';
import type { HotelAssignment, HotelMatchCandidate, RegistrationHotel } from '../../../shared/schemas/hotel';
import type { HotelLinkAnswer } from '../../../shared/schemas/answers';
import { paginationOf } from '../../lib/pagination';

export type HotelRow = typeof hotelAssignments.$inferSelect;
type RegistrationRow = typeof registrations.$inferSelect;

/**
 * The registration's columns that linking reads and writes: not its whole row (some fifty columns, and
 * building their selection was a third of a link's CPU: docs/quality.md "Performance").
 */
const linkColumns = {
  id: registrations.id,
  registrationNumber: registrations.registrationNumber,
  primaryFirstName: registrations.primaryFirstName,
  primaryLastName: registrations.primaryLastName,
  status: registrations.status,
  version: registrations.version,
  hotelConfirmationNumber: registrations.hotelConfirmationNumber,
  hotelRoomNumber: registrations.hotelRoomNumber,
  hotelRoomType: registrations.hotelRoomType,
  hotelCheckInDate: registrations.hotelCheckInDate,
  hotelCheckOutDate: registrations.hotelCheckOutDate,
  hotelNights: registrations.hotelNights,
  hotelGuestName: registrations.hotelGuestName,
  hotelNotes: registrations.hotelNotes,
};
export type LinkedRegistration = Pick<RegistrationRow, keyof typeof linkColumns>;

/** The registration, locked for a change to its hotel fields; undefined when there is none. */
export async function lockLinkedRegistration(tx: DbOrTx, id: number): Promise<LinkedRegistration | undefined> {
  const [reg] = await tx.select(linkColumns).from(registrations).where(eq(registrations.id, id)).for('update').limit(1);
  return reg;
}

const nextVersion = () => sql`nextval('sync_version_seq')`;

export const BOOKING_LINKED_ELSEWHERE = 'This hotel booking is already linked to another registration';

/** " (R26-…)": the number of the registration that holds a booking, for a refusal's sentence; '' when gone. */
async function holderSuffix(tx: DbOrTx, holderId: number): Promise<string> {
  const [holder] = await tx
    .select({ number: registrations.registrationNumber })
    .from(registrations)
    .where(eq(registrations.id, holderId))
    .limit(1);
  return holder ? ` (${holder.number})` : '';
}

/** The 409's sentence, naming the registration that holds the booking: Retry helps only once it is unlinked there. */
async function linkedElsewhereText(tx: DbOrTx, holderId: number): Promise<string> {
  const holder = await holderSuffix(tx, holderId);
  return holder ? `${BOOKING_LINKED_ELSEWHERE}${holder}: unlink it there first` : BOOKING_LINKED_ELSEWHERE;
}

/** Unlink or delete refused: the booking is no longer linked as the admin saw it (another admin changed it). */
async function relinkedText(tx: DbOrTx, holderId: number | null, what: 'unlinked' | 'deleted'): Promise<string> {
  if (holderId === null) return `This hotel booking was unlinked meanwhile: nothing was ${what}`;
  return `This hotel booking was linked to another registration meanwhile${await holderSuffix(tx, holderId)}: nothing was ${what}`;
}
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
    .where(and(inArray(flights.registrationId, registrationIds), isNull(flights.removedAt), isRealFlight(flights.airline)));
  for (const r of rows) {
    const t = map.get(r.registrationId) ?? { arrivalDates: [], departureDates: [] };
    (r.type === 'arrival' ? t.arrivalDates : t.departureDates).push(r.date);
    map.set(r.registrationId, t);
  }
  return map;
}

const noTravel: TravelDates = { arrivalDates: [], departureDates: [] };

export function registrationHotel(r: LinkedRegistration, travel: TravelDates = noTravel): RegistrationHotel {
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

const hotelAudit = (r: LinkedRegistration) => {
  const { version: _v, warnings: _w, ...rest } = registrationHotel(r);
  return rest;
};

type HotelFields = ReturnType<typeof hotelFieldsOf> | typeof NO_HOTEL;

/** Whether the registration already shows these hotel fields. */
export const showsFields = (reg: LinkedRegistration, fields: HotelFields) =>
  (Object.keys(fields) as (keyof HotelFields)[]).every((k) => reg[k] === fields[k]);

/** A registration's new hotel fields, and its audit entry (before/after). */
interface RegistrationChange {
  before: LinkedRegistration;
  fields: HotelFields;
  action: string;
}

/** A booking's new link (a registration, or none), and its audit entry. */
interface BookingChange {
  before: HotelRow;
  to: LinkedRegistration | null;
}

/**
 * Writes a link's changes in the caller's transaction, on rows it has locked: the booking's link, the
 * registration's hotel fields (each bumping its sync version) and their audit rows, sent together (one
 * round trip on postgres.js). Returns the rows as written.
 */
async function writeLinkChanges(
  tx: DbOrTx,
  actor: Actor,
  change: { booking?: BookingChange; registration?: RegistrationChange },
): Promise<{ booking?: HotelRow; registration?: LinkedRegistration }> {
  const now = new Date();
  const { booking, registration } = change;
  const entries: AuditEntry[] = [];
  if (booking) {
    const { before, to } = booking;
    entries.push({
      action: to ? 'hotel.match' : 'hotel.unmatch',
      entity: { type: 'hotel_assignment', id: before.id },
      before: { registration_id: before.registrationId },
      after: to ? { registration_id: to.id, registration_number: to.registrationNumber } : { registration_id: null },
    });
  }
  if (registration) {
    const { before, fields, action } = registration;
    entries.push({
      action,
      entity: { type: 'registration', id: before.id },
      before: hotelAudit(before),
      after: hotelAudit({ ...before, ...fields }),
    });
  }
  const [bookingRows, registrationRows] = await Promise.all([
    booking
      ? tx
          .update(hotelAssignments)
          .set({
            registrationId: booking.to?.id ?? null,
            matchedAt: booking.to ? now : null,
            matchedBy: booking.to ? actor.userId : null,
            updatedAt: now,
            version: nextVersion(),
          })
          .where(eq(hotelAssignments.id, booking.before.id))
          .returning()
      : undefined,
    registration
      ? tx
          .update(registrations)
          .set({ ...registration.fields, updatedAt: now, version: nextVersion() })
          .where(eq(registrations.id, registration.before.id))
          .returning({ version: registrations.version })
      : undefined,
    auditAll(tx, actor, entries),
  ]);
  return {
    booking: bookingRows?.[0],
    registration: registration && { ...registration.before, ...registration.fields, version: registrationRows![0].version },
  };
}

/** Writes hotel fields onto a registration it has locked, bumping its version and auditing before/after. */
export async function setRegistrationHotel(
  tx: DbOrTx,
  before: LinkedRegistration,
  fields: HotelFields,
  actor: Actor,
  action: string,
): Promise<LinkedRegistration> {
  const written = await writeLinkChanges(tx, actor, { registration: { before, fields, action } });
  return written.registration!;
}

/** The booking a registration would show once booking `a` leaves it: the most recently linked of the others. */
async function nextLinkedBooking(tx: DbOrTx, a: HotelRow, registrationId: number): Promise<HotelRow | undefined> {
  const [next] = await tx
    .select()
    .from(hotelAssignments)
    .where(and(eq(hotelAssignments.registrationId, registrationId), ne(hotelAssignments.id, a.id), isNull(hotelAssignments.deletedAt)))
    .orderBy(desc(hotelAssignments.matchedAt), desc(hotelAssignments.id))
    .limit(1);
  return next;
}

/**
 * What unlinking `a` does to its registration, which this locks: when the registration shows this
 * booking, it shows the next booking still linked to it, or no hotel. The next booking is read in the
 * same round trip, after the lock, so it sees every link committed before. Also reads the
 * registration's travel dates (for the answer's warnings).
 */
async function planDetach(
  tx: DbOrTx,
  a: HotelRow,
): Promise<{ reg: LinkedRegistration | null; change?: RegistrationChange; travel?: TravelDates }> {
  if (!a.registrationId) return { reg: null };
  const [reg, next, travel] = await Promise.all([
    lockLinkedRegistration(tx, a.registrationId),
    nextLinkedBooking(tx, a, a.registrationId),
    travelDatesOf(tx, [a.registrationId]),
  ]);
  if (!reg) return { reg: null };
  const shown = reg.hotelConfirmationNumber === a.confirmationNumber;
  const change = shown ? { before: reg, fields: next ? hotelFieldsOf(next) : NO_HOTEL, action: 'registration.hotel_unlink' } : undefined;
  return { reg, change, travel: travel.get(reg.id) };
}

/** The booking, locked for a change; undefined when there is none. */
export async function lockBooking(tx: DbOrTx, id: number): Promise<HotelRow | undefined> {
  const [a] = await tx.select().from(hotelAssignments).where(eq(hotelAssignments.id, id)).for('update').limit(1);
  return a;
}

function found(a: HotelRow | undefined): HotelRow {
  if (!a) throw notFound(BOOKING_NOT_FOUND);
  return a;
}

/** What a link reads, locked: the booking, then the registration (the order of every link and unlink), and the registration's travel dates. */
export interface LinkRows {
  booking: HotelRow | undefined;
  registration: LinkedRegistration | undefined;
  travel: TravelDates | undefined;
}

/** Reads and locks a link's rows in one round trip; refuses nothing (matchAssignment does). */
export async function lockForLink(tx: DbOrTx, id: number, registrationId: number): Promise<LinkRows> {
  const [booking, registration, travel] = await Promise.all([
    lockBooking(tx, id),
    lockLinkedRegistration(tx, registrationId),
    travelDatesOf(tx, [registrationId]),
  ]);
  return { booking, registration, travel: travel.get(registrationId) };
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
    pagination: paginationOf(p, total),
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
 * matches first, then by how many words were found; at most 100. With `assignmentId` the name is a
 * search typed for that booking: how each candidate's name agrees is then compared with the booking's guest.
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
    (r) => ({
      id: r.id,
      searchText: r.searchText,
      firstName: r.primaryFirstName,
      lastName: r.primaryLastName,
      number: r.registrationNumber,
    }),
    HOTEL_CANDIDATE_LIMIT,
    booking?.guestName ?? name,
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

/** A link's or unlink's answer (shared/schemas/answers.ts, which the device parses it with). */
export type LinkAnswer = HotelLinkAnswer;

const primaryName = (r: LinkedRegistration) => `${r.primaryFirstName} ${r.primaryLastName}`;

/**
 * Links a booking to a registration and copies it onto the registration's hotel fields, in the caller's
 * transaction, on the rows lockForLink locked. 409 when the booking is linked to another registration or
 * was deleted, 422 when the registration is cancelled; linking again to the same registration answers
 * 200 without changing anything. Every refusal comes before any write (the caller needs no savepoint).
 */
export async function matchAssignment(tx: DbOrTx, locked: LinkRows, actor: Actor): Promise<LinkAnswer> {
  const a = found(locked.booking);
  const reg = locked.registration;
  if (a.deletedAt) throw conflict(BOOKING_DELETED);
  if (a.registrationId && a.registrationId !== reg?.id) throw conflict(await linkedElsewhereText(tx, a.registrationId));
  if (!reg) throw notFound('Registration not found');
  // a replay of a link made before the cancellation still answers as it did
  if (reg.status === 'cancelled' && a.registrationId !== reg.id) throw unprocessable(REGISTRATION_CANCELLED_FOR_LINK);
  const wanted = hotelFieldsOf(a);
  const written = await writeLinkChanges(tx, actor, {
    booking: a.registrationId !== reg.id ? { before: a, to: reg } : undefined,
    registration: showsFields(reg, wanted) ? undefined : { before: reg, fields: wanted, action: 'registration.hotel_link' },
  });
  return {
    message: `Successfully linked ${a.guestName} to ${primaryName(reg)} (${reg.registrationNumber})`,
    assignment: serializeAssignment(written.booking ?? a),
    registration: registrationHotel(written.registration ?? reg, locked.travel),
    changed: Boolean(written.booking || written.registration),
  };
}

/**
 * Unlinks a booking that lockBooking locked (it returns to the unmatched list); already unlinked answers 200
 * unchanged. `from`, when given, is the registration the admin unlinks it from: linked to another one
 * meanwhile, it is refused (409) and stays linked there.
 */
export async function unmatchAssignment(tx: DbOrTx, booking: HotelRow | undefined, actor: Actor, from?: number): Promise<LinkAnswer> {
  const a = found(booking);
  if (a.deletedAt) throw conflict(BOOKING_DELETED);
  if (from !== undefined && a.registrationId !== null && a.registrationId !== from) {
    throw conflict(await relinkedText(tx, a.registrationId, 'unlinked'));
  }
  if (!a.registrationId) {
    return {
      message: `${a.guestName} is not linked to a registration`,
      assignment: serializeAssignment(a),
      registration: null,
      changed: false,
    };
  }
  const { reg, change, travel } = await planDetach(tx, a);
  const written = await writeLinkChanges(tx, actor, { booking: { before: a, to: null }, registration: change });
  const shown = written.registration ?? reg;
  return {
    message: shown ? `Unlinked ${a.guestName} from ${primaryName(shown)} (${shown.registrationNumber})` : `Unlinked ${a.guestName}`,
    assignment: serializeAssignment(written.booking!),
    registration: shown ? registrationHotel(shown, travel) : null,
    changed: true,
  };
}

/**
 * Soft-deletes booking `id` (and first unlinks it, so no registration shows a deleted booking). `linkedTo`,
 * when given, is what the admin saw it linked to (null: nothing): linked otherwise meanwhile, it is refused (409).
 */
export async function deleteAssignment(tx: DbOrTx, id: number, actor: Actor, linkedTo?: number | null): Promise<void> {
  const a = found(await lockBooking(tx, id));
  if (a.deletedAt) throw notFound(BOOKING_NOT_FOUND);
  if (linkedTo !== undefined && a.registrationId !== linkedTo) throw conflict(await relinkedText(tx, a.registrationId, 'deleted'));
  const { change } = await planDetach(tx, a);
  if (change) await writeLinkChanges(tx, actor, { registration: change });
  await tx
    .update(hotelAssignments)
    .set({ deletedAt: new Date(), deletedBy: actor.userId, registrationId: null, updatedAt: new Date(), version: nextVersion() })
    .where(eq(hotelAssignments.id, id));
  await audit(tx, actor, 'hotel.delete', { type: 'hotel_assignment', id }, serializeAssignment(a), null);
}
