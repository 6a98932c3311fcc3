/**
 * Hotel assignments (docs/product.md#screens Hotel assignments, docs/product.md#api Hotel assignment, docs/product.md#rules Hotel matching, docs/product.md#api): query and
 * body schemas, the shapes the API answers, and the rooming-list import's columns.
 */
import { z } from 'zod';
import { HOTEL_CANDIDATE_LIMIT, HOTEL_PAGE_SIZE } from '../constants';
import { decimal, MAX_ROW_ID, pageQuery } from './common';
import type { HotelAssignment, RegistrationHotelFields } from './records';
export type { HotelAssignment, RegistrationHotelFields };

export const unmatchedQuerySchema = z.object(pageQuery(HOTEL_PAGE_SIZE, HOTEL_CANDIDATE_LIMIT));

export const assignmentListQuerySchema = z.object({
  ...pageQuery(HOTEL_CANDIDATE_LIMIT, HOTEL_CANDIDATE_LIMIT),
  registrationId: decimal(
    z
      .number({ error: 'registrationId must be a registration id' })
      .int('registrationId must be a registration id')
      .positive('registrationId must be a registration id')
      .max(MAX_ROW_ID, 'registrationId must be a registration id')
      .optional(),
  ),
});

export const searchMatchesQuerySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  /** optional: warnings then compare this booking's dates with each candidate's flights */
  assignmentId: decimal(
    z
      .number({ error: 'Invalid assignmentId' })
      .int('Invalid assignmentId')
      .positive('Invalid assignmentId')
      .max(MAX_ROW_ID, 'Invalid assignmentId')
      .optional(),
  ),
});

const registrationIdField = z.union(
  [
    z.number().int().positive().max(MAX_ROW_ID),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ],
  { error: 'registrationId is required' },
);

export const matchSchema = z.object({ registrationId: registrationIdField });
export type MatchInput = z.input<typeof matchSchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0', ''], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** A registration offered as a match for a booking (docs/product.md#api Matching registration result). */
export interface HotelMatchCandidate {
  id: number;
  registration_number: string;
  primary_first_name: string;
  primary_last_name: string;
  primary_email: string;
  hotel_confirmation_number: string | null;
  /** the first or last word of the names agree: highlighted in the list */
  possible_match: boolean;
  /** hotel/flight date mismatches (for the booking when assignmentId was given, else the current hotel) */
  warnings: string[];
}

/** The registration's hotel fields, as the match / unmatch answers return them. */
export interface RegistrationHotel extends RegistrationHotelFields {
  id: number;
  registration_number: string;
  primary_first_name: string;
  primary_last_name: string;
  version: number;
  warnings: string[];
}

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

export interface RoomingRow {
  guest_name: string | null;
  confirmation_number: string | null;
  room_type: string | null;
  room_number: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  nights: number | null;
  vip_status: string | null;
  notes: string | null;
}

export interface ImportRowResult {
  /** line of the file where the row ends (the header is line 1) */
  line: number;
  data: RoomingRow;
  errors: string[];
  /** what importing does with a valid row */
  action: 'create' | 'update' | 'unchanged' | null;
}

export interface ImportResult {
  rows: ImportRowResult[];
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  dryRun: boolean;
  /** which file header went to which field, and the headers that were not used */
  columns: { mapped: Partial<Record<RoomingField, string>>; ignored: string[] };
}
