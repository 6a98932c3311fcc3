/**
 * The registration as the API shows it (docs/product.md#api, snake_case, money in dollars with two decimals), and the
 * detail bundle of GET /registrations/{id}: registration, attendees, flightInfo.
 *
 * Greeters read registrations too (arrivals, pickups) but docs/product.md#roles-and-access keeps payments and addresses off their
 * phones: the 'greeter' view leaves out the street address, zip code and every money field.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { SNAPSHOT_TEXT } from '../../db/arrival-mark';
import { preparedPer } from '../../db/prepared';
import { isoOrNull, rowsFromJson } from '../../db/rows';
import { attendees, flights, registrations, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { flightFor, serializeFlight } from '../flights/flight-view';
import { firstByRef, registrationByRef } from '../registrants/registrant-summary';
import type { RegistrationRow } from './registration-derived';
import { balanceDueCents, fromCents, refundDueCents } from '../../../shared/pricing';
import type { Attendee } from '../../../shared/schemas/attendee';
import type { Registration, RegistrationDetail } from '../../../shared/schemas/registration';
import type { RegistrationHotelFields } from '../../../shared/schemas/hotel';

export type AttendeeRow = typeof attendees.$inferSelect;
/** Who reads a registration: each reader gets only the fields its allow-list names (docs/product.md, roles). */
/** 'desk': the check-in staff's view: the full registration without address, emergency contact and staff notes. */
export type RegistrationView = 'full' | 'greeter' | 'registrant' | 'desk';

/** Every reader sees which registration it is. */
const IDENTITY_FIELDS = ['id', 'registration_number', 'status', 'created_at', 'updated_at'] as const;
/** The hotel booking as guests and greeters see it: everything but the office's notes. */
const HOTEL_SHOWN_FIELDS = [
  'hotel_confirmation_number',
  'hotel_room_number',
  'hotel_room_type',
  'hotel_check_in_date',
  'hotel_check_out_date',
  'hotel_nights',
  'hotel_guest_name',
] as const;

/**
 * What a greeter may read of a party: names, party size, flights, phone, hotel (with the city to tell
 * two families apart and special requests such as a wheelchair); no payments, no address, no emergency
 * contacts, no internal or hotel notes.
 */
const GREETER_FIELDS = [
  ...IDENTITY_FIELDS,
  'primary_email',
  'primary_phone',
  'primary_first_name',
  'primary_last_name',
  'city',
  'state',
  'country',
  'special_requests',
  'needs_transportation',
  ...HOTEL_SHOWN_FIELDS,
  'attendee_count',
] as const satisfies readonly (keyof Registration)[];

/** A greeter sees each attendee's name and age group (and dietary needs, as the details modal lists them). */
const GREETER_ATTENDEE_FIELDS = [
  'id',
  'registration_id',
  'first_name',
  'last_name',
  'is_primary',
  'age_category',
  'dietary_restrictions',
] as const satisfies readonly (keyof Attendee)[];

/** What the visitor reads of their own registration: all of it but the staff's notes and who did what. */
const REGISTRANT_FIELDS = [
  ...IDENTITY_FIELDS,
  'payment_status',
  'primary_email',
  'primary_phone',
  'primary_first_name',
  'primary_last_name',
  'primary_age_category',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'country',
  'special_requests',
  'dietary_restrictions',
  'emergency_contact_name',
  'emergency_contact_phone',
  'total_amount',
  'base_amount',
  'late_fee_amount',
  'paid_amount',
  'balance_due',
  'refund_due',
  'waive_fees',
  'discount_percentage',
  'fixed_discount_amount',
  'late_fee_applied',
  'remove_late_fee',
  'needs_transportation',
  ...HOTEL_SHOWN_FIELDS,
  'cancel_reason',
  'cancelled_at',
  'attendee_count',
] as const satisfies readonly (keyof Registration)[];

/** The allowed keys of `value`, nothing else. */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (k in value) out[k] = value[k];
  return out;
}

/** A registration as `view` may read it (an allow-list per reader; admins read everything). */
export function registrationFor(r: Registration, view: RegistrationView): Registration {
  if (view === 'full') return r;
  // the desk reads money and the party, not where they live or the staff's notes (the fields stay, empty)
  if (view === 'desk')
    return {
      ...r,
      address_line1: null,
      address_line2: null,
      zip_code: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
      notes: null,
      cancelled_by: null,
    };
  // the narrower views are the same shape with fields left out; the PWA reads them as optional
  return pick(r, view === 'greeter' ? GREETER_FIELDS : REGISTRANT_FIELDS) as Registration;
}

/** Attendees as `view` may read them: a greeter the party's names and needs; the visitor not which staff member or device checked them in. */
export function attendeesFor(list: Attendee[], view: RegistrationView): Attendee[] {
  if (view === 'greeter') return list.map((a) => pick(a, GREETER_ATTENDEE_FIELDS) as Attendee);
  if (view === 'registrant') return list.map((a) => ({ ...a, checked_in_by: null, checked_in_device: null }));
  return list;
}

/** The registration's copy of its hotel booking, as the API emits it. */
export const hotelFields = (
  r: Pick<
    RegistrationRow,
    | 'hotelConfirmationNumber'
    | 'hotelRoomNumber'
    | 'hotelRoomType'
    | 'hotelCheckInDate'
    | 'hotelCheckOutDate'
    | 'hotelNights'
    | 'hotelGuestName'
    | 'hotelNotes'
  >,
): RegistrationHotelFields => ({
  hotel_confirmation_number: r.hotelConfirmationNumber,
  hotel_room_number: r.hotelRoomNumber,
  hotel_room_type: r.hotelRoomType,
  hotel_check_in_date: r.hotelCheckInDate,
  hotel_check_out_date: r.hotelCheckOutDate,
  hotel_nights: r.hotelNights,
  hotel_guest_name: r.hotelGuestName,
  hotel_notes: r.hotelNotes,
});

export function serializeRegistration(
  r: RegistrationRow,
  extra: { attendeeCount: number; cancelledBy: string | null },
  view: RegistrationView = 'full',
): Registration {
  const out: Registration = {
    id: r.id,
    registration_number: r.registrationNumber,
    status: r.status,
    // 'completed' from older data is the same as 'paid' (docs/product.md#rules)
    payment_status: r.paymentStatus === 'completed' ? 'paid' : r.paymentStatus,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    primary_email: r.primaryEmail,
    primary_phone: r.primaryPhone,
    primary_first_name: r.primaryFirstName,
    primary_last_name: r.primaryLastName,
    primary_age_category: r.primaryAgeCategory,
    address_line1: r.addressLine1,
    address_line2: r.addressLine2,
    city: r.city,
    state: r.state,
    zip_code: r.zipCode,
    country: r.country,
    special_requests: r.specialRequests,
    dietary_restrictions: r.dietaryRestrictions,
    emergency_contact_name: r.emergencyContactName,
    emergency_contact_phone: r.emergencyContactPhone,
    notes: r.notes,
    total_amount: fromCents(r.totalAmountCents),
    base_amount: fromCents(r.baseAmountCents),
    late_fee_amount: fromCents(r.lateFeeCents),
    paid_amount: fromCents(r.paidAmountCents),
    balance_due: fromCents(balanceDueCents(r.totalAmountCents, r.paidAmountCents)),
    refund_due: fromCents(refundDueCents(r.totalAmountCents, r.paidAmountCents)),
    waive_fees: r.waiveFees,
    discount_percentage: Number(r.discountPercentage),
    fixed_discount_amount: fromCents(r.fixedDiscountCents),
    late_fee_applied: r.lateFeeApplied,
    remove_late_fee: r.removeLateFee,
    needs_transportation: r.needsTransportation,
    ...hotelFields(r),
    cancel_reason: r.cancelReason,
    cancelled_at: isoOrNull(r.cancelledAt),
    cancelled_by: extra.cancelledBy,
    flight_info_requested_at: isoOrNull(r.flightInfoRequestedAt),
    attendee_count: extra.attendeeCount,
  };
  return registrationFor(out, view);
}

export function serializeAttendee(a: AttendeeRow, programs: { id: number; programType: string }[] = []): Attendee {
  return {
    id: a.id,
    registration_id: a.registrationId,
    first_name: a.firstName,
    last_name: a.lastName,
    is_primary: a.isPrimary,
    age_category: a.ageCategory,
    relationship: a.relationship,
    relationship_other: a.relationshipOther,
    age: a.age,
    gender: a.gender,
    dietary_restrictions: a.dietaryRestrictions,
    cultural_programs: programs.map((p) => ({ id: p.id, program_type: p.programType })),
    created_at: a.createdAt.toISOString(),
    checked_in: a.checkedIn,
    checked_in_at: a.checkedInAt?.toISOString() ?? null,
    checked_in_by: a.checkedInBy,
    checked_in_device: a.checkedIn ? a.checkInDevice : null,
  };
}

/** A registration by numeric id or registration number, or 404 'Registration not found'. */
export async function requireRegistration(db: DbOrTx, idOrNumber: string | number): Promise<RegistrationRow> {
  const row = await registrationByRef(db, idOrNumber);
  if (!row) throw notFound(REGISTRATION_NOT_FOUND);
  return row;
}

const REGISTRATION_NOT_FOUND = 'Registration not found';

/**
 * An attendee's cultural programs as a JSON column, `{ id, programType }` in the order chosen. The
 * attendee's id is named literally: drizzle leaves a column's table out of a one-table selection.
 */
const programsJson = (attendeeId: string) =>
  sql<{ id: number; programType: string }[]>`coalesce((
    select json_agg(json_build_object('id', cp.id, 'programType', cp.program_type) order by cp.id)
    from cultural_programs cp where cp.attendee_id = ${sql.raw(attendeeId)}), '[]'::json)`;

// the registration's attendees, prepared (server/db/prepared.ts)
const activeAttendeeRows = preparedPer((db) =>
  db
    .select({
      attendee: attendees,
      programs: programsJson('"attendees"."id"'),
    })
    .from(attendees)
    .where(and(eq(attendees.registrationId, sql.placeholder('registrationId')), isNull(attendees.removedAt)))
    .orderBy(desc(attendees.isPrimary), asc(attendees.id))
    .prepare('active_attendees_with_programs'),
);
/** Active attendees, primary first, each with its cultural programs. */
export async function activeAttendees(db: DbOrTx, registrationId: number): Promise<Attendee[]> {
  const rows = await activeAttendeeRows(db).execute({ registrationId });
  return rows.map((r) => serializeAttendee(r.attendee, r.programs));
}

type UserNames = { firstName: string; lastName: string; email: string };
const displayName = (u: UserNames) => `${u.firstName} ${u.lastName}`.trim() || u.email;

async function userName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? displayName(u) : null;
}

/** The registration alone, serialized (for answers to changes). */
export async function registrationView(db: DbOrTx, row: RegistrationRow, view: RegistrationView = 'full'): Promise<Registration> {
  const members = await activeAttendees(db, row.id);
  return serializeRegistration(row, { attendeeCount: members.length, cancelledBy: await userName(db, row.cancelledBy) }, view);
}

/**
 * GET /registrations/{id} in one statement (docs/quality.md "Performance"): the registration with its
 * active attendees (primary first, each with its cultural programs), its active flights and the name of
 * who cancelled it, as JSON columns mapped back through the schema (rowsFromJson). The outer table is
 * named literally: drizzle leaves a column's table out of a one-table selection. It also reads the
 * snapshot it saw, which the staff's cache of details keys the answer by (server/db/snapshot-cache.ts).
 */
const detailSelection = {
  snapshot: SNAPSHOT_TEXT,
  registration: registrations,
  attendees: sql<Record<string, unknown>[]>`coalesce((
    select json_agg(a order by a.is_primary desc, a.id) from (
      select att.*, ${programsJson('att.id')} as programs
      from attendees att where att.registration_id = registrations.id and att.removed_at is null) a), '[]'::json)`,
  flights: sql<Record<string, unknown>[]>`coalesce((
    select json_agg(f order by f.flight_type, f.flight_date, f.flight_time, f.id)
    from flights f where f.registration_id = registrations.id and f.removed_at is null), '[]'::json)`,
  cancelledBy: sql<UserNames | null>`(
    select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
    from users u where u.id = registrations.cancelled_by)`,
};
const detailWhere = (where: SQL, name: string) =>
  preparedPer((db) => db.select(detailSelection).from(registrations).where(where).limit(1).prepare(name));
const detailById = detailWhere(eq(registrations.id, sql.placeholder('id')), 'registration_detail_by_id');
const detailByNumber = detailWhere(eq(registrations.registrationNumber, sql.placeholder('number')), 'registration_detail_by_number');

/** A registration's detail, read: the rows its answer is made of. */
export interface DetailRows {
  row: RegistrationRow;
  attendees: { attendee: AttendeeRow; programs: { id: number; programType: string }[] }[];
  flights: (typeof flights.$inferSelect)[];
  cancelledBy: string | null;
  /** the snapshot these rows were read at (server/db/arrival-mark.ts) */
  snapshot: string;
}

/** The detail of the registration `ref` names (id or number), or null when there is none. */
export async function registrationDetailRows(db: DbOrTx, ref: string | number): Promise<DetailRows | null> {
  const found = await firstByRef(
    ref,
    (p) => detailById(db).execute(p),
    (p) => detailByNumber(db).execute(p),
  );
  if (!found) return null;
  const people = found.attendees;
  return {
    row: found.registration,
    attendees: rowsFromJson(attendees, people).map((attendee, i) => ({
      attendee,
      programs: people[i].programs as DetailRows['attendees'][number]['programs'],
    })),
    flights: rowsFromJson(flights, found.flights),
    cancelledBy: found.cancelledBy ? displayName(found.cancelledBy) : null,
    snapshot: found.snapshot,
  };
}

/** GET /registrations/{id}: the registration, its active attendees and its flights (removed ones left out), in `view`. */
export function serializeDetail(d: DetailRows, view: RegistrationView = 'full'): RegistrationDetail {
  const members = d.attendees.map((a) => serializeAttendee(a.attendee, a.programs));
  return {
    registration: serializeRegistration(d.row, { attendeeCount: members.length, cancelledBy: d.cancelledBy }, view),
    attendees: attendeesFor(members, view),
    // the desk has no business with flights (its feed carries none); the visitor not with who met them
    flightInfo: view === 'desk' ? [] : d.flights.map((f) => flightFor(serializeFlight(f), view === 'registrant' ? 'visitor' : 'staff')),
  };
}

/** The detail of the registration `ref` names, or 404 'Registration not found'. */
export async function requireDetailRows(db: DbOrTx, ref: string | number): Promise<DetailRows> {
  const d = await registrationDetailRows(db, ref);
  if (!d) throw notFound(REGISTRATION_NOT_FOUND);
  return d;
}
