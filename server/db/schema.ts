/**
 * The one drizzle schema, used with both drivers (postgres.js and PGlite). Money is integer cents.
 * Nothing is hard-deleted except what docs/architecture.md allows; rows carry `version` from one sequence so the
 * PWA can download "what changed since cursor N" (docs/architecture.md#data).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AgeCategory, FlightType, Gender, PaymentStatus, RegistrationStatus, Relationship, Role } from '../../shared/constants';

export const syncVersion = pgSequence('sync_version_seq');
const version = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('sync_version_seq')`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'greeter', 'checkin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    registrationNumber: text('registration_number').notNull().unique(),
    status: text('status').$type<RegistrationStatus>().notNull().default('active'),
    /** 'completed' is older data's 'paid' (read as 'paid' everywhere) */
    paymentStatus: text('payment_status').$type<PaymentStatus | 'completed'>().notNull().default('pending'),
    primaryEmail: text('primary_email').notNull(),
    primaryPhone: text('primary_phone').notNull(),
    primaryFirstName: text('primary_first_name').notNull(),
    primaryLastName: text('primary_last_name').notNull(),
    primaryAgeCategory: text('primary_age_category').$type<AgeCategory>().notNull().default('adult'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('USA'),
    specialRequests: text('special_requests'),
    dietaryRestrictions: text('dietary_restrictions'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    notes: text('notes'),
    baseAmountCents: integer('base_amount_cents').notNull().default(0),
    lateFeeCents: integer('late_fee_cents').notNull().default(0),
    totalAmountCents: integer('total_amount_cents').notNull().default(0),
    paidAmountCents: integer('paid_amount_cents').notNull().default(0),
    waiveFees: boolean('waive_fees').notNull().default(false),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    fixedDiscountCents: integer('fixed_discount_cents').notNull().default(0),
    lateFeeApplied: boolean('late_fee_applied').notNull().default(false),
    removeLateFee: boolean('remove_late_fee').notNull().default(false),
    needsTransportation: boolean('needs_transportation').notNull().default(true),
    hotelConfirmationNumber: text('hotel_confirmation_number'),
    hotelRoomNumber: text('hotel_room_number'),
    hotelRoomType: text('hotel_room_type'),
    hotelCheckInDate: date('hotel_check_in_date'),
    hotelCheckOutDate: date('hotel_check_out_date'),
    hotelNights: integer('hotel_nights'),
    hotelGuestName: text('hotel_guest_name'),
    hotelNotes: text('hotel_notes'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    flightInfoRequestedAt: timestamp('flight_info_requested_at', { withTimezone: true }),
    /** lower-cased, accent-stripped text of number, names (contact and attendees), email and phone */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('registrations_email_lower_idx').on(sql`lower(${t.primaryEmail})`),
    index('registrations_created_idx').on(t.createdAt),
    index('registrations_version_idx').on(t.version),
    // the list's search (`search_text like '%term%'`): a trigram index (pg_trgm, migration 0001)
    index('registrations_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('registrations_status_check', sql`${t.status} in ('active', 'pending', 'cancelled', 'waitlist')`),
    check('registrations_payment_status_check', sql`${t.paymentStatus} in ('paid', 'partial', 'pending', 'refunded', 'completed')`),
    check('registrations_pct_check', sql`${t.discountPercentage} >= 0 and ${t.discountPercentage} <= 100`),
    check('registrations_fixed_check', sql`${t.fixedDiscountCents} >= 0`),
    check('registrations_amounts_check', sql`${t.baseAmountCents} >= 0 and ${t.totalAmountCents} >= 0`),
  ],
);

export const attendees = pgTable(
  'attendees',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    ageCategory: text('age_category').$type<AgeCategory>().notNull(),
    relationship: text('relationship').$type<Relationship>(),
    relationshipOther: text('relationship_other'),
    age: integer('age'),
    gender: text('gender').$type<Gender>(),
    dietaryRestrictions: text('dietary_restrictions'),
    /** the check-in desk (docs/product.md#check-in-desk): last tap wins, ordered by check_in_tap_at */
    checkedIn: boolean('checked_in').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    checkedInByUserId: integer('checked_in_by_user_id').references(() => users.id),
    checkInDevice: text('check_in_device'),
    checkInTapAt: timestamp('check_in_tap_at', { withTimezone: true }),
    checkInReceivedAt: timestamp('check_in_received_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('attendees_registration_idx').on(t.registrationId),
    // the sync feeds find changed attendees by version on every poll (docs/quality.md "Performance")
    index('attendees_version_idx').on(t.version),
    check('attendees_age_category_check', sql`${t.ageCategory} in ('adult', 'youth', 'child')`),
    check('attendees_age_check', sql`${t.age} is null or (${t.age} >= 0 and ${t.age} <= 120)`),
  ],
);

export const culturalPrograms = pgTable(
  'cultural_programs',
  {
    id: serial('id').primaryKey(),
    attendeeId: integer('attendee_id')
      .notNull()
      .references(() => attendees.id),
    programType: text('program_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cultural_programs_attendee_idx').on(t.attendeeId)],
);

export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    flightType: text('flight_type').$type<FlightType>().notNull(),
    airline: text('airline').notNull(),
    flightNumber: text('flight_number').notNull(),
    flightDate: date('flight_date'),
    flightTime: time('flight_time'),
    /** a configured airport's code, or 'OTHER'; null when not given (older flights, API clients without it) */
    airport: text('airport'),
    /** the airport's name: the configured one, or what the visitor typed for Other */
    airportName: text('airport_name'),
    adultsCount: integer('adults_count').notNull().default(1),
    childrenCount: integer('children_count').notNull().default(0),
    childSeatsNeeded: integer('child_seats_needed').notNull().default(0),
    needsTransportation: boolean('needs_transportation').notNull().default(true),
    specialInstructions: text('special_instructions'),
    pickedUp: boolean('picked_up').notNull().default(false),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    pickedUpBy: text('picked_up_by'),
    pickedUpByUserId: integer('picked_up_by_user_id').references(() => users.id),
    pickupDevice: text('pickup_device'),
    /** tap time (server-clock corrected) of the toggle that set the current state: last tap wins */
    pickupTapAt: timestamp('pickup_tap_at', { withTimezone: true }),
    pickupReceivedAt: timestamp('pickup_received_at', { withTimezone: true }),
    /** who made the toggle that set the current state, a pick or an undo (the undo clears picked_up_by) */
    pickupChangedBy: text('pickup_changed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('flights_registration_idx').on(t.registrationId),
    index('flights_type_date_idx').on(t.flightType, t.flightDate, t.flightTime),
    index('flights_version_idx').on(t.version),
    check('flights_type_check', sql`${t.flightType} in ('arrival', 'departure')`),
    check('flights_counts_check', sql`${t.adultsCount} >= 0 and ${t.childrenCount} >= 0 and ${t.childSeatsNeeded} >= 0`),
  ],
);

/** Emailed links to the tokenised flight form (spec /flight-info/{token}). */
export const flightInfoRequests = pgTable(
  'flight_info_requests',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    tokenHash: text('token_hash').notNull().unique(),
    sentTo: text('sent_to').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('flight_info_requests_registration_idx').on(t.registrationId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** sha256 of the Idempotency-Key the code was consumed with: the same request sent again (its answer lost) is answered again */
    consumedKeyHash: text('consumed_key_hash'),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.purpose),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('registration', 'flight-info')`),
  ],
);

/** Tokens handed to a visitor after verify-code: 24 h, one registration (X-Registrant-Token). */
export const registrantTokens = pgTable('registrant_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id),
  email: text('email').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** set when the visitor signs out, the registration is cancelled or its email changes */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const hotelAssignments = pgTable(
  'hotel_assignments',
  {
    id: serial('id').primaryKey(),
    guestName: text('guest_name').notNull(),
    confirmationNumber: text('confirmation_number').notNull(),
    roomType: text('room_type'),
    roomNumber: text('room_number'),
    checkInDate: date('check_in_date'),
    checkOutDate: date('check_out_date'),
    nights: integer('nights'),
    vipStatus: text('vip_status'),
    notes: text('notes'),
    registrationId: integer('registration_id').references(() => registrations.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    matchedBy: integer('matched_by').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('hotel_assignments_confirmation_idx')
      .on(t.confirmationNumber)
      .where(sql`${t.deletedAt} is null`),
    index('hotel_assignments_registration_idx').on(t.registrationId),
    index('hotel_assignments_version_idx').on(t.version),
    check('hotel_assignments_nights_check', sql`${t.nights} is null or ${t.nights} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    /** negative for a refund */
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    /**
     * The Idempotency-Key it was sent with (a device's op id), whoever sent it: a payment queued by one
     * user and replayed under another's session after the first delivery's answer was lost is recorded
     * once (payments.ts). Idempotency records are per user; money must not be.
     */
    opId: text('op_id'),
  },
  (t) => [
    index('payments_registration_idx').on(t.registrationId),
    uniqueIndex('payments_op_id_unique').on(t.opId),
    check('payments_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** 'admin@x.org', 'registrant:R25-…', 'system', 'cli' */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** Idempotency records: one row per applied Idempotency-Key (kept at least 7 days). */
export const clientOperations = pgTable(
  'client_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the client's Idempotency-Key (or an outbox op's opId): unique per user, never shared across users */
    key: text('key').notNull(),
    userId: integer('user_id').references(() => users.id),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_operations_created_idx').on(t.createdAt),
    unique('client_operations_user_key_unique').on(t.userId, t.key).nullsNotDistinct(),
  ],
);

/** Fixed-window counters for login, code and lookup throttling; in the database so instances share them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** Small key/value store: the server's own secrets when SESSION_SECRET is not given, etc. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
