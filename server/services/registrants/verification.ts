/**
 * The visitor's email-and-code steps (docs/product.md#api send-verification, verify-code), shared by
 * /api/registrations and /api/flight-info: the limits on mail sends and wrong codes, the code mail, and
 * the registrant token for the newest live registration at that email (or the one asked for, when it is
 * one of the email's). Routes parse the body, check the
 * challenge and call these with plain values.
 */
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { deliverMail, MailDeliveryError } from '../../mail/deliver';
import { verificationCodeMail } from '../../mail/templates';
import { listFlightRecords } from '../flights/flights';
import { enforce, refund } from '../staff/rate-limit';
import { registrationForEmail, registrationSummary } from './registrant-summary';
import { issueRegistrantToken } from './registrant-tokens';
import { CODE_TTL_MS, consumeCode, issueCode, type CodePurpose } from './verification-codes';
import { VERIFICATION_MESSAGES } from '../../../shared/schemas/verification';

const MINUTE = 60 * 1000;
/**
 * Sending is limited per email (3 per 15 min, docs/product.md#security-and-limits) and per client address (100 per
 * 15 min for each form, docs/decisions.md "Visitors"). The address limit is
 * generous because a whole family reunion may sit behind the resort's one Wi-Fi address; the per-email
 * limit keeps one inbox from being flooded, and the challenge and the address limit are what stop trying
 * many emails (an email no registration has is given its send back: no mail went to it).
 */
export const SENDS_PER_EMAIL = 3;
export const SENDS_PER_ADDRESS = 100;
export const SEND_WINDOW_MS = 15 * MINUTE;
/** Wrong codes one address may try per window, across emails (each code also dies after 5). */
export const WRONG_CODES_PER_ADDRESS = 100;

const TOO_MANY_SENDS = 'Too many requests for this email. Please wait a few minutes and try again.';
const TOO_MANY_TRIES = 'Too many attempts. Please wait a few minutes and try again.';

/** One budget per email for every mail a visitor can ask for (either code, the flight-info link, the pass), in any case. */
const emailSendKey = (email: string) => `mail-send:email:${email.trim().toLowerCase()}`;

/** No live registration has the email: nothing was sent, and the email's send is given back. */
export class NoRegistrationForEmail extends ApiError {
  constructor(message: string) {
    super(404, message);
  }
}

/** The live registration a visitor's mail goes to; `message` (a 404) when there is none. */
export async function registrationToMail(db: DbOrTx, email: string, message: string) {
  const reg = await registrationForEmail(db, email);
  if (!reg) throw new NoRegistrationForEmail(message);
  return reg;
}

/**
 * Runs `work` (which sends one mail a visitor asked for) as one send of the email's and the address's
 * budgets: 429 with Retry-After when either is spent. When no mail went out the email's send is given
 * back: the mail failed (and then the address's too), or no registration has the email (`NoRegistrationForEmail`: a visitor
 * who mistyped it, asking again, is told the same, not "too many"). The address's budget still counts
 * the 404s: trying many emails from one address is what it and the challenge stop.
 */
export async function withMailBudget<T>(db: DbOrTx, scope: string, email: string, ip: string, work: () => Promise<T>): Promise<T> {
  await enforce(db, `${scope}:ip:${ip}`, SENDS_PER_ADDRESS, SEND_WINDOW_MS, TOO_MANY_SENDS);
  await enforce(db, emailSendKey(email), SENDS_PER_EMAIL, SEND_WINDOW_MS, TOO_MANY_SENDS);
  try {
    return await work();
  } catch (err) {
    if (err instanceof MailDeliveryError) {
      await refund(db, emailSendKey(email));
      await refund(db, `${scope}:ip:${ip}`);
    } else if (err instanceof NoRegistrationForEmail) {
      await refund(db, emailSendKey(email));
    }
    throw err;
  }
}

type Deps = Pick<AppDeps, 'database' | 'mailer' | 'log' | 'config'>;

/** The email step (after the challenge): limits, 404 when no live registration has this email, then the code mail. */
export async function sendVerificationCode(deps: Deps, p: { email: string; purpose: CodePurpose; ip: string }) {
  const { db } = deps.database;
  await withMailBudget(db, `code-send:${p.purpose}`, p.email, p.ip, async () => {
    const reg = await registrationToMail(db, p.email, VERIFICATION_MESSAGES.noRegistration);
    await issueCode(db, p.email, p.purpose, new Date(), (code) =>
      deliverMail(deps, { to: reg.primaryEmail, ...verificationCodeMail(deps.config.event, code, CODE_TTL_MS / MINUTE) }),
    );
  });
  return { message: VERIFICATION_MESSAGES.codeSent };
}

/** The code step: consumes the code and hands out a registrant token for the newest live registration. */
export async function verifyCode(
  db: DbOrTx,
  p: { email: string; code: string; purpose: CodePurpose; ip: string; key?: string; registrationId?: string },
) {
  // counted before the check and given back on success, so a burst cannot pass a limit read first
  const ipKey = `code-verify:ip:${p.ip}`;
  await enforce(db, ipKey, WRONG_CODES_PER_ADDRESS, SEND_WINDOW_MS, TOO_MANY_TRIES);
  if (!(await consumeCode(db, p.email, p.purpose, p.code, new Date(), p.key))) {
    throw badRequest(VERIFICATION_MESSAGES.invalidCode, { code: VERIFICATION_MESSAGES.invalidCode });
  }
  await refund(db, ipKey);
  // the registration a link named, when it is one of the email's (two families registered with one
  // address); else the newest
  const reg =
    (p.registrationId && (await registrationForEmail(db, p.email, p.registrationId))) || (await registrationForEmail(db, p.email));
  if (!reg) throw notFound(VERIFICATION_MESSAGES.noRegistration);
  const { registrantToken, expiresAt } = await issueRegistrantToken(db, reg.id, p.email);
  return {
    reg,
    answer: { message: 'Verification successful', registration: await registrationSummary(db, reg), registrantToken, expiresAt },
  };
}

/** The flight form's code step: verify-code plus the registration's current flights. */
export async function verifyCodeWithFlights(
  db: DbOrTx,
  p: { email: string; code: string; ip: string; key?: string; registrationId?: string },
) {
  const { reg, answer } = await verifyCode(db, { ...p, purpose: 'flight-info' });
  return { ...answer, existingFlights: await listFlightRecords(db, reg.id, 'visitor') };
}
