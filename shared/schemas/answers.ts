/**
 * The rest of the API's answers as zod schemas (the records devices store are in records.ts): the
 * types the server builds its answers against and the PWA reads, inferred from these, so each shape is
 * declared once (docs/architecture.md#one-contract). `zod/mini`, as records.ts, so a screen that parses
 * one of them pays little for it.
 */
import { z } from 'zod/mini';
import { AGE_CATEGORIES, PAYMENT_STATUSES, REGISTRATION_STATUSES, ROLES } from '../constants';
import {
  amount,
  attendeeSchema,
  flightInfoRecordSchema,
  hotelAssignmentSchema,
  pickupResultSchema,
  registrationHotelFieldsSchema,
  registrationSchema,
} from './records';

const text = z.string();
const maybeText = z.nullable(z.string());
const id = z.number();
const count = z.number();

// ---- staff accounts --------------------------------------------------------------------------------

export const userSchema = z.object({
  id,
  email: text,
  first_name: text,
  last_name: text,
  role: z.enum(ROLES),
  disabled: z.boolean(),
  created_at: z.optional(text),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: text, user: userSchema, message: text, expiresAt: text });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ---- visitors --------------------------------------------------------------------------------------

export const verifiedRegistrationSchema = z.object({
  id,
  registration_number: text,
  registrationNumber: text,
  primary_first_name: text,
  primary_last_name: text,
  primaryName: text,
  email: text,
  status: text,
  needsTransportation: z.boolean(),
  attendees: z.array(z.object({ firstName: text, lastName: text, ageCategory: z.enum(AGE_CATEGORIES) })),
});
export type VerifiedRegistration = z.infer<typeof verifiedRegistrationSchema>;

export const verifyCodeResponseSchema = z.object({
  message: text,
  registration: verifiedRegistrationSchema,
  /** send back as the X-Registrant-Token header; valid 24 h for this registration only */
  registrantToken: text,
  expiresAt: text,
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

// ---- registrations ---------------------------------------------------------------------------------

/** One row of GET /registrations. */
export const registrationListItemSchema = z.object({
  id,
  registration_number: text,
  status: z.enum(REGISTRATION_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  primary_first_name: text,
  primary_last_name: text,
  primary_email: text,
  primary_phone: text,
  city: maybeText,
  state: maybeText,
  country: text,
  attendee_count: count,
  total_amount: amount,
  paid_amount: amount,
  waive_fees: z.boolean(),
  created_at: text,
  has_flights: z.boolean(),
  /** false once the registration answered "no airport transportation needed" */
  needs_transportation: z.boolean(),
  /** attendees checked in at the desk (of attendee_count) */
  checked_in_count: count,
  flight_info_requested_at: maybeText,
  hotel_confirmation_number: maybeText,
});
export type RegistrationListItem = z.infer<typeof registrationListItemSchema>;

export const paginationSchema = z.object({ page: count, limit: count, total: count, pages: count });
export type Pagination = z.infer<typeof paginationSchema>;

export const registrationStatsSchema = z.object({
  registrations: z.object({
    total_count: count,
    active_count: count,
    pending_count: count,
    cancelled_count: count,
    waitlist_count: count,
    total_collected: amount,
    total_expected: amount,
    /** the balances due of registrations that are not cancelled (shared/pricing.ts owedCents) */
    total_owed: amount,
    /** money held beyond a total, or on a cancelled registration: refunds an organiser owes (refundOwedCents) */
    total_refund_due: amount,
    /** active registrations with at least one attendee checked in at the desk */
    checked_in_count: count,
  }),
  /** checked_in: attendees of active registrations checked in at the desk */
  attendees: z.object({ adults: count, youth: count, children: count, total_active: count, checked_in: count }),
});
export type RegistrationStats = z.infer<typeof registrationStatsSchema>;

export const paymentSchema = z.object({
  id,
  registration_id: id,
  amount,
  method: text,
  note: maybeText,
  created_by: maybeText,
  created_at: text,
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /registrations/{id}/payments: a page of the ledger, oldest first, beside the whole ledger's totals. */
export const paymentLedgerSchema = z.object({
  payments: z.array(paymentSchema),
  pagination: paginationSchema,
  total_amount: amount,
  paid_amount: amount,
  balance_due: amount,
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type PaymentLedger = z.infer<typeof paymentLedgerSchema>;

/** GET /registrations/{id}: the registration, its active attendees and its flights, as its reader may see them. */
export const registrationDetailSchema = z.object({
  registration: registrationSchema,
  attendees: z.array(attendeeSchema),
  flightInfo: z.array(flightInfoRecordSchema),
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;

export const historyEntrySchema = z.object({
  id,
  action: text,
  actor: text,
  actor_user_id: z.nullable(id),
  entity_type: text,
  entity_id: text,
  before: z.unknown(),
  after: z.unknown(),
  created_at: text,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// ---- arrivals --------------------------------------------------------------------------------------

/** One op's answer in a pickup batch: what the single route would have answered (status and body) for it. */
export const pickupBatchResultSchema = z.object({
  opId: text,
  status: z.number(),
  body: z.union([pickupResultSchema, z.object({ error: text })]),
});
export type PickupBatchResult = z.infer<typeof pickupBatchResultSchema>;

export const arrivalsSummarySchema = z.object({
  totalArrivals: count,
  /** adults plus children */
  totalPassengers: count,
  /** distinct airline + flight number */
  uniqueFlights: count,
  pickedUp: count,
  pending: count,
});
export type ArrivalsSummary = z.infer<typeof arrivalsSummarySchema>;

// ---- hotel -----------------------------------------------------------------------------------------

/** A registration offered as a match for a booking (docs/product.md#api Matching registration result). */
export const hotelMatchCandidateSchema = z.object({
  id,
  registration_number: text,
  primary_first_name: text,
  primary_last_name: text,
  primary_email: text,
  hotel_confirmation_number: maybeText,
  /** the first or last word of the names agree: highlighted in the list */
  possible_match: z.boolean(),
  /** how the primary contact's name agrees with the guest's: full name, surname, first name only, other */
  name_match: z.enum(['full', 'surname', 'first', 'other']),
  /** to tell two "Matthew Adams" apart */
  city: maybeText,
  party_size: count,
  /** hotel/flight date mismatches (for the booking when assignmentId was given, else the current hotel) */
  warnings: z.array(text),
});
export type HotelMatchCandidate = z.infer<typeof hotelMatchCandidateSchema>;

/** The registration's hotel fields, as the match / unmatch answers return them. */
export const registrationHotelSchema = z.extend(registrationHotelFieldsSchema, {
  id,
  registration_number: text,
  primary_first_name: text,
  primary_last_name: text,
  version: z.number(),
  warnings: z.array(text),
});
export type RegistrationHotel = z.infer<typeof registrationHotelSchema>;

/** POST /hotel-assignments/{id}/match and /unmatch: the sentence, the booking and the registration's hotel fields. */
export const hotelLinkAnswerSchema = z.object({
  message: text,
  assignment: hotelAssignmentSchema,
  registration: z.nullable(registrationHotelSchema),
  /** false when the link was already in place (a replay or a second click) */
  changed: z.boolean(),
});
export type HotelLinkAnswer = z.infer<typeof hotelLinkAnswerSchema>;

/** The columns a rooming list may have (import); headers are matched forgivingly to these. */
export const ROOMING_FIELDS = [
  'guest_name',
  'confirmation_number',
  'room_type',
  'room_number',
  'check_in_date',
  'check_out_date',
  'nights',
  'vip_status',
  'notes',
] as const;
export type RoomingField = (typeof ROOMING_FIELDS)[number];

/** One row of a rooming list as read (before it is checked). */
export const roomingRowSchema = z.object({
  guest_name: maybeText,
  confirmation_number: maybeText,
  room_type: maybeText,
  room_number: maybeText,
  check_in_date: maybeText,
  check_out_date: maybeText,
  nights: z.nullable(z.number()),
  vip_status: maybeText,
  notes: maybeText,
});
export type RoomingRow = z.infer<typeof roomingRowSchema>;

export const importRowResultSchema = z.object({
  /** line of the file where the row ends (the header is line 1) */
  line: count,
  data: roomingRowSchema,
  errors: z.array(text),
  /** what an admin should check in a row that still imports: nights that differ from the dates, a stay far
   * from the event's dates, a booking deleted before */
  warnings: z.array(text),
  /** what importing does with a valid row */
  action: z.nullable(z.enum(['create', 'update', 'unchanged'])),
  /** an update's changed columns, the stored value and the file's (absent from older servers) */
  changes: z.optional(
    z.array(z.object({ field: text, from: z.nullable(z.union([text, z.number()])), to: z.nullable(z.union([text, z.number()])) })),
  ),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  rows: z.array(importRowResultSchema),
  valid: count,
  invalid: count,
  created: count,
  updated: count,
  unchanged: count,
  dryRun: z.boolean(),
  /** which file header went to which field, and the headers that were not used */
  columns: z.object({ mapped: z.partialRecord(z.enum(ROOMING_FIELDS), z.string()), ignored: z.array(text) }),
});
export type ImportResult = z.infer<typeof importResultSchema>;
