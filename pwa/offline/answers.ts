/**
 * The server's answers checked against the shared schemas (shared/schemas/records.ts) before anything of
 * them reaches IndexedDB (docs/architecture.md#one-contract). An answer that does not fit is refused
 * whole: the page is not written, its cursor is not moved, and the sync line says why, so a server of
 * another version or a proxy's error page can never leave half a record or a wrong cursor in the cache.
 *
 * The sync engine imports this module when the first answer arrives, so the parser is not part of a
 * first visit's code (the service worker precaches it with the other chunks).
 */
import type { z } from 'zod/mini';
import {
  checkInResultSchema,
  registrationSchema,
  type CheckInResult,
  type Registration,
  arrivalsSyncPageSchema,
  hotelSyncPageSchema,
  pickupResultSchema,
  registrationsSyncPageSchema,
  type ArrivalsSyncPage,
  type HotelSyncPage,
  type PickupResult,
  type RegistrationsSyncPage,
} from '../../shared/schemas/records';
import { hotelLinkAnswerSchema, type HotelLinkAnswer } from '../../shared/schemas/answers';

/** An answer the app cannot read: nothing of it was stored. */
export class MalformedAnswer extends Error {
  constructor(what: string, detail: string) {
    super(`The server sent ${what} this app cannot read (${detail}); nothing was saved`);
    this.name = 'MalformedAnswer';
  }
}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw new MalformedAnswer(what, `${where}: ${issue?.message ?? 'not the expected shape'}`);
}

export const parseArrivalsPage = (body: unknown): ArrivalsSyncPage => parse(arrivalsSyncPageSchema, body, 'a page of arrivals');
export const parseHotelPage = (body: unknown): HotelSyncPage => parse(hotelSyncPageSchema, body, 'a page of hotel bookings');
export const parseRegistrationsPage = (body: unknown): RegistrationsSyncPage =>
  parse(registrationsSyncPageSchema, body, 'a page of registrations');
export const parsePickupResult = (body: unknown): PickupResult => parse(pickupResultSchema, body, 'a pickup answer');
export const parseCheckInResult = (body: unknown): CheckInResult => parse(checkInResultSchema, body, 'a check-in answer');
export const parseHotelLinkAnswer = (body: unknown): HotelLinkAnswer => parse(hotelLinkAnswerSchema, body, 'a hotel link answer');
/** A payment's answer: the registration's new figures, and when the server recorded the payment (if it says). */
export interface PaymentAnswer {
  registration: Registration;
  recordedAt: string | null;
}

export const parsePaymentAnswer = (body: unknown): PaymentAnswer => {
  const answer = body as { registration?: unknown; payment?: { created_at?: unknown } } | null;
  const recordedAt = answer?.payment?.created_at;
  return {
    registration: parse(registrationSchema, answer?.registration, 'a payment answer'),
    recordedAt: typeof recordedAt === 'string' ? recordedAt : null,
  };
};
