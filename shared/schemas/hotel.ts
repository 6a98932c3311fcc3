/**
 * Hotel assignments (docs/product.md#hotel-assignments, docs/product.md#api): query and
 * body schemas, the shapes the API answers, and the rooming-list import's columns.
 */
import { z } from 'zod';
import { HOTEL_CANDIDATE_LIMIT, HOTEL_PAGE_SIZE } from '../constants';
import { decimal, flag, MAX_ROW_ID, pageQuery } from './common';
import type { HotelAssignment, RegistrationHotelFields } from './records';
import {
  ROOMING_FIELDS,
  type HotelMatchCandidate,
  type RegistrationHotel,
  type RoomingRow,
  type ImportRowResult,
  type ImportResult,
  type RoomingField,
} from './answers';
export type { HotelMatchCandidate, RegistrationHotel, RoomingRow, ImportRowResult, ImportResult };
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

const NOT_AN_ID = "registrationId must be a registration's id (a whole number)";
const registrationIdField = z.union(
  [
    z.number().int(NOT_AN_ID).positive(NOT_AN_ID).max(MAX_ROW_ID, NOT_AN_ID),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, NOT_AN_ID)
      .transform(Number),
  ],
  { error: (issue) => (issue.input === undefined || issue.input === null ? 'registrationId is required' : NOT_AN_ID) },
);

export const matchSchema = z.object({ registrationId: registrationIdField });
export type MatchInput = z.input<typeof matchSchema>;

/**
 * Unlink: optionally the registration the admin saw the booking linked to. Given, a booking linked to
 * another one meanwhile (another admin relinked it while the confirmation was open) is refused, not unlinked.
 */
export const unmatchSchema = z.object({ registrationId: registrationIdField.optional() });

/**
 * Delete: optionally what the admin saw the booking linked to, `none` (the unmatched list) or a registration's
 * id. Given, a booking linked otherwise meanwhile is refused, not deleted out from under that registration.
 */
export const deleteQuerySchema = z.object({
  linkedTo: z.union([z.literal('none'), registrationIdField], { error: "linkedTo must be 'none' or a registration's id" }).optional(),
});

export const importQuerySchema = z.object({
  dryRun: flag('dryRun'),
});

export { ROOMING_FIELDS, type RoomingField };
