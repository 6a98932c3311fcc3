/**
 * The records the server answers with and the PWA keeps offline, as zod schemas: the server builds its
 * answers against the types inferred here, and the PWA parses what it downloads with the same schemas
 * before anything reaches IndexedDB (pwa/offline/answers.ts). One declaration per shape
 * (docs/architecture.md#one-contract).
 *
 * Written with `zod/mini`, whose functions tree-shake, so the device pays a few kilobytes for parsing
 * instead of the whole classic API; the request schemas beside this file keep classic zod for their
 * messages and transforms.
 */
import { z } from 'zod/mini';
import { AGE_CATEGORIES, FLIGHT_TYPES, GENDERS, PAYMENT_STATUSES, REGISTRATION_STATUSES, RELATIONSHIPS } from '../constants';

const text = z.string();
const maybeText = z.nullable(z.string());
const maybeNumber = z.nullable(z.number());
const id = z.number();
/** An amount of money: a number, or its text (amounts may arrive as numbers or strings), parsed to a number. */
export const amount = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\s*-?\d+(\.\d+)?\s*$/))]),
  z.transform((v: number | string) => Number(v)),
);

/** The hotel booking copied onto a registration (docs/product.md#api hotel_* fields). */
export const registrationHotelFieldsSchema = z.object({
  hotel_confirmation_number: maybeText,
  hotel_room_number: maybeText,
  hotel_room_type: maybeText,
  hotel_check_in_date: maybeText,
  hotel_check_out_date: maybeText,
  hotel_nights: maybeNumber,
  hotel_guest_name: maybeText,
  hotel_notes: maybeText,
});
export type RegistrationHotelFields = z.infer<typeof registrationHotelFieldsSchema>;

/** A registration as the API answers it; money and the fee switches only where the caller may see them. */
export const registrationSchema = z.extend(registrationHotelFieldsSchema, {
  id,
  registration_number: text,
  status: z.enum(REGISTRATION_STATUSES),
  payment_status: z.optional(z.enum(PAYMENT_STATUSES)),
  created_at: text,
  updated_at: text,
  primary_email: text,
  primary_phone: text,
  primary_first_name: text,
  primary_last_name: text,
  primary_age_category: z.enum(AGE_CATEGORIES),
  address_line1: z.optional(maybeText),
  address_line2: z.optional(maybeText),
  city: maybeText,
  state: maybeText,
  zip_code: z.optional(maybeText),
  country: text,
  special_requests: maybeText,
  dietary_restrictions: maybeText,
  emergency_contact_name: maybeText,
  emergency_contact_phone: maybeText,
  notes: maybeText,
  total_amount: z.optional(amount),
  base_amount: z.optional(amount),
  late_fee_amount: z.optional(amount),
  paid_amount: z.optional(amount),
  balance_due: z.optional(amount),
  refund_due: z.optional(amount),
  waive_fees: z.optional(z.boolean()),
  discount_percentage: z.optional(amount),
  fixed_discount_amount: z.optional(amount),
  late_fee_applied: z.optional(z.boolean()),
  remove_late_fee: z.optional(z.boolean()),
  needs_transportation: z.boolean(),
  cancel_reason: maybeText,
  cancelled_at: maybeText,
  cancelled_by: maybeText,
  flight_info_requested_at: maybeText,
  attendee_count: z.number(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** One person of a party. */
export const attendeeSchema = z.object({
  id,
  registration_id: id,
  first_name: text,
  last_name: text,
  is_primary: z.boolean(),
  age_category: z.enum(AGE_CATEGORIES),
  relationship: z.nullable(z.enum(RELATIONSHIPS)),
  relationship_other: maybeText,
  age: maybeNumber,
  gender: z.nullable(z.enum(GENDERS)),
  dietary_restrictions: maybeText,
  cultural_programs: z.array(z.object({ id, program_type: text })),
  created_at: text,
  /** the check-in desk: arrived at the resort, when and by whom (last tap wins) */
  checked_in: z.boolean(),
  checked_in_at: maybeText,
  checked_in_by: maybeText,
  /** the device that checked them in ("on another device" at the desk) */
  checked_in_device: maybeText,
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** The flight info record (snake_case): dates 'YYYY-MM-DD', times 'HH:MM'. */
export const flightInfoRecordSchema = z.object({
  id,
  flight_type: z.enum(FLIGHT_TYPES),
  flight_date: maybeText,
  flight_time: maybeText,
  airline: text,
  flight_number: text,
  /** a configured airport's code or 'OTHER'; null when not given (older flights, API clients without it) */
  airport: maybeText,
  airport_name: maybeText,
  adults_count: z.number(),
  children_count: z.number(),
  child_seats_needed: z.number(),
  needs_transportation: z.boolean(),
  special_instructions: maybeText,
  picked_up: z.boolean(),
  picked_up_at: maybeText,
  picked_up_by: maybeText,
  created_at: text,
});
export type FlightInfoRecord = z.infer<typeof flightInfoRecordSchema>;

/** A row of the hotel's rooming list (docs/product.md#api Hotel assignment). */
export const hotelAssignmentSchema = z.object({
  id,
  guest_name: text,
  confirmation_number: text,
  hotel_confirmation_number: text,
  room_type: maybeText,
  room_number: maybeText,
  check_in_date: maybeText,
  check_out_date: maybeText,
  nights: maybeNumber,
  vip_status: maybeText,
  notes: maybeText,
  registration_id: z.nullable(id),
  matched_at: maybeText,
  version: z.number(),
});
export type HotelAssignment = z.infer<typeof hotelAssignmentSchema>;

export const arrivalAttendeeSchema = z.object({ firstName: text, lastName: text, ageCategory: z.enum(AGE_CATEGORIES) });
export type ArrivalAttendee = z.infer<typeof arrivalAttendeeSchema>;

export const arrivalHotelSchema = z.object({
  confirmationNumber: text,
  roomNumber: maybeText,
  roomType: maybeText,
  checkIn: maybeText,
  checkOut: maybeText,
  nights: maybeNumber,
});
export type ArrivalHotel = z.infer<typeof arrivalHotelSchema>;

/** One row of GET /api/flight-info/admin/flight-arrivals (and of the offline download). */
export const flightArrivalSchema = z.object({
  id,
  registrationId: id,
  registrationNumber: text,
  primaryContactName: text,
  primaryContactPhone: text,
  primaryContactEmail: text,
  airline: text,
  flightNumber: text,
  /** 'YYYY-MM-DD' */
  flightDate: maybeText,
  /** 'HH:MM' */
  flightTime: maybeText,
  /** a configured airport's code or 'OTHER'; null when not given (older flights, API clients without it) */
  airport: maybeText,
  airportName: maybeText,
  adultsCount: z.number(),
  childrenCount: z.number(),
  childSeatsNeeded: z.number(),
  attendees: z.array(arrivalAttendeeSchema),
  specialInstructions: maybeText,
  picked_up: z.boolean(),
  picked_up_at: maybeText,
  picked_up_by: maybeText,
  picked_up_by_user_id: z.nullable(id),
  pickup_device: maybeText,
  pickup_received_at: maybeText,
  /** the pickup state's tap time and who made it (a tick, an undo, or 'a change of flight'); absent from older servers */
  pickup_tap_at: z.optional(maybeText),
  pickup_changed_by: z.optional(maybeText),
  hotel: z.nullable(arrivalHotelSchema),
  hotelWarnings: z.array(text),
  /** highest sync version among the flight, its registration, attendees and flights */
  version: z.number(),
});
export type FlightArrival = z.infer<typeof flightArrivalSchema>;

/** The answer to a pickup toggle (docs/product.md#rules, Pickups). */
export const pickupResultSchema = z.object({
  id,
  picked_up: z.boolean(),
  picked_up_at: maybeText,
  picked_up_by: maybeText,
  picked_up_by_user_id: z.nullable(id),
  pickup_device: maybeText,
  /** the corrected tap time of the toggle that set the current state */
  pickup_tap_at: maybeText,
  pickup_received_at: maybeText,
  /** who made the toggle that set the current state (a pick or an undo) */
  pickup_changed_by: maybeText,
  version: z.number(),
  /** true when this request flipped picked_up */
  changed: z.boolean(),
  /** true when a later tap already won: acknowledged, not applied; the fields are the server's state */
  stale: z.boolean(),
  serverTime: text,
});
export type PickupResult = z.infer<typeof pickupResultSchema>;

/** What every page of an offline download carries besides its rows. */
const syncPageFields = {
  /** ids the device should drop: no longer on the list (removed, cancelled, matched, deleted…) */
  removed: z.array(id),
  /** pass as `since` next time */
  cursor: z.number(),
  /** more changes are waiting: ask again at once with `since=cursor` */
  hasMore: z.boolean(),
  serverTime: text,
};

export const arrivalsSyncPageSchema = z.object({ ...syncPageFields, arrivals: z.array(flightArrivalSchema) });
export type ArrivalsSyncPage = z.infer<typeof arrivalsSyncPageSchema>;

export const hotelSyncPageSchema = z.object({ ...syncPageFields, assignments: z.array(hotelAssignmentSchema) });
export type HotelSyncPage = z.infer<typeof hotelSyncPageSchema>;

/** One registration with its details as GET /api/sync/registrations sends it (admins' offline copy). */
export const syncedRegistrationSchema = z.extend(registrationSchema, {
  attendees: z.array(attendeeSchema),
  flights: z.array(flightInfoRecordSchema),
  /** the change version: highest of the registration, its attendees and its flights */
  version: z.number(),
});
export type SyncedRegistration = z.infer<typeof syncedRegistrationSchema>;

export const registrationsSyncPageSchema = z.object({ ...syncPageFields, registrations: z.array(syncedRegistrationSchema) });
export type RegistrationsSyncPage = z.infer<typeof registrationsSyncPageSchema>;

/** One attendee's check-in state as the desk's answer gives it. */
export const attendeeCheckInSchema = z.object({
  id,
  checked_in: z.boolean(),
  checked_in_at: maybeText,
  checked_in_by: maybeText,
  checked_in_device: maybeText,
});
export type AttendeeCheckIn = z.infer<typeof attendeeCheckInSchema>;

/** The answer to POST /api/registrations/{id}/check-in: the named attendees' state after the tap. */
export const checkInResultSchema = z.object({
  registration_id: id,
  attendees: z.array(attendeeCheckInSchema),
  /** true when a later tap already won for every named attendee: acknowledged, not applied */
  stale: z.boolean(),
  serverTime: text,
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;
