/**
 * The check-in desk (docs/product.md#check-in-desk): the body of POST /api/registrations/{id}/check-in,
 * its batch form for the offline outbox, and their messages. The answers are records.ts's
 * checkInResultSchema, which the device parses before it stores them.
 */
import { z } from 'zod';
import { PICKUP_BATCH_MAX } from '../constants';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, MAX_ROW_ID, tapperName, withSpellings } from './common';

export const CHECK_IN_MESSAGES = {
  attendees: 'Choose at least one attendee to check in',
  attendeeNotInParty: 'An attendee given is not in this registration',
  cancelled: 'This registration is cancelled: it cannot be checked in. Send the family to an organiser.',
  refundNotAllowed: 'Check-in staff can record payments, not refunds',
} as const;

/** The most attendees one check-in may name (a party is at most 20 people). */
const ATTENDEES_MAX = 50;

export const checkInSchema = z.object({
  attendee_ids: z
    .array(
      z
        .number({ error: 'attendee_ids must be attendee ids' })
        .int('attendee_ids must be attendee ids')
        .min(1, 'attendee_ids must be attendee ids')
        .max(MAX_ROW_ID, 'attendee_ids must be attendee ids'),
      {
        error: 'attendee_ids must be a list of attendee ids',
      },
    )
    .min(1, CHECK_IN_MESSAGES.attendees)
    .max(ATTENDEES_MAX, `Check in at most ${ATTENDEES_MAX} attendees at once`),
  checked_in: z.boolean({ error: 'checked_in must be true or false' }),
  client_time: z.iso.datetime({ offset: true, error: 'client_time must be an ISO date-time like 2026-11-27T14:05:00.000Z' }).optional(),
  device_id: z.string({ error: 'device_id must be text' }).trim().max(100, 'device_id must be at most 100 characters').optional(),
  /**
   * Who tapped, as the desk showed it: an offline tap replayed after the next person signed in on that
   * device keeps its tapper's name, as a pickup does (the audit log still names the session's user).
   * Absent: the signed-in user's name.
   */
  checked_in_by: tapperName('checked_in_by'),
});
export type CheckInInput = z.output<typeof checkInSchema>;
/** The tap time and device also as the pickup spells them (clientTime, deviceId). */
const CHECK_IN_SPELLINGS = { clientTime: 'client_time', deviceId: 'device_id' } as const;
/** The single route's body, in either spelling. */
export const checkInBodySchema = withSpellings(checkInSchema, CHECK_IN_SPELLINGS);

/** One queued check-in in a batch: the single route's body plus the registration and the op's id (its Idempotency-Key). */
export const checkInOpSchema = checkInSchema.extend({
  opId: z.string({ error: 'opId must be text' }).regex(IDEMPOTENCY_KEY_PATTERN, `opId ${IDEMPOTENCY_KEY_MESSAGE}`),
  registration_id: z
    .number({ error: 'registration_id must be a registration id' })
    .int('registration_id must be a registration id')
    .min(1, 'registration_id must be a registration id')
    .max(MAX_ROW_ID, 'registration_id must be a registration id'),
});

/** POST /api/registrations/check-in/batch: the desk's queued check-ins, in tap order. */
export const checkInBatchSchema = z.object({
  ops: z
    .array(withSpellings(checkInOpSchema, CHECK_IN_SPELLINGS), { error: 'ops must be a list of check-ins' })
    .min(1, 'Send at least one check-in')
    .max(PICKUP_BATCH_MAX, `Send at most ${PICKUP_BATCH_MAX} check-ins at once`),
});

const AFTER_ID = 'after_id must be the last_id of the previous batch';
const PASS_LIMIT = 'limit must be a whole number from 1 to 50';

/**
 * POST /api/registrations/send-passes: the next batch of passes after `after_id` (0 to start);
 * `unsent_only`: only the registrations never sent their pass (a run after failures tries those alone);
 * `dry_run`: how many active registrations there are and how many were never sent one, sending nothing.
 * A field it does not know is refused, sending nothing.
 */
export const sendPassesSchema = z
  .object({
    after_id: z.number({ error: AFTER_ID }).int(AFTER_ID).min(0, AFTER_ID).max(MAX_ROW_ID, AFTER_ID).default(0),
    limit: z.number({ error: PASS_LIMIT }).int(PASS_LIMIT).min(1, PASS_LIMIT).max(50, PASS_LIMIT).default(20),
    unsent_only: z.boolean({ error: 'unsent_only must be true or false' }).default(false),
    dry_run: z.boolean({ error: 'dry_run must be true or false' }).default(false),
  })
  // strict: a misspelt dry_run ('dryRun', as the flight-info request spells it) would otherwise mail every family
  .strict();
