/**
 * Visitor verification under /api/registrations (docs/product.md#api Registrations: send-verification, verify-code)
 * and the admin's emailed flight-info request. Mounted before the registrations router so these fixed
 * paths win over `/:id`. The code steps are shared with /api/flight-info through the helpers below.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { badRequest, notFound, unauthorized } from '../lib/errors';
import { clientIp } from '../lib/client-ip';
import { requireChallenge } from '../lib/require-challenge';
import { jsonBody } from '../lib/validate';
import { deliverMail } from '../mail/deliver';
import { verificationCodeMail } from '../mail/templates';
import { actorOf, requireAdmin } from '../middleware/auth';
import { sendFlightInfoRequest } from '../services/flight-requests';
import { listFlightRecords } from '../services/flights';
import { enforce, refund } from '../services/rate-limit';
import { issueRegistrantToken, revokeRegistrantToken } from '../services/registrant-tokens';
import { registrationByRef, registrationForEmail, registrationSummary } from '../services/registrant-summary';
import { CODE_TTL_MS, consumeCode, issueCode, type CodePurpose } from '../services/verification-codes';
import { sendVerificationSchema, VERIFICATION_MESSAGES, verifyCodeSchema } from '../../shared/schemas/verification';

const MINUTE = 60 * 1000;
/**
 * docs/architecture.md: sending is limited per email (3 per 15 min) and per client address. The address limit is
 * generous because a whole family reunion may sit behind the resort's one Wi-Fi address; the challenge
 * and the per-email limit are what stop enumeration.
 */
export const SENDS_PER_EMAIL = 3;
export const SENDS_PER_ADDRESS = 100;
export const SEND_WINDOW_MS = 15 * MINUTE;
/** Wrong codes one address may try per window, across emails (each code also dies after 5). */
export const WRONG_CODES_PER_ADDRESS = 100;

const TOO_MANY_SENDS = 'Too many requests for this email. Please wait a few minutes and try again.';
const TOO_MANY_TRIES = 'Too many attempts. Please wait a few minutes and try again.';

/** Counts one mail request against the email's and the address's limits; 429 with Retry-After when over. */
export async function limitMailSends(c: Context<AppEnv>, scope: string, email: string): Promise<void> {
  const { db } = c.var.deps.database;
  await enforce(db, `${scope}:ip:${clientIp(c)}`, SENDS_PER_ADDRESS, SEND_WINDOW_MS, TOO_MANY_SENDS);
  await enforce(db, `${scope}:email:${email}`, SENDS_PER_EMAIL, SEND_WINDOW_MS, TOO_MANY_SENDS);
}

/** The email step: challenge, limits, 404 when no live registration has this email, then the code mail. */
export async function sendVerificationCode(c: Context<AppEnv>, purpose: CodePurpose, missingMessage?: string) {
  const body = await jsonBody(c, sendVerificationSchema(missingMessage));
  await requireChallenge(c, body.turnstileToken, missingMessage);
  await limitMailSends(c, `code-send:${purpose}`, body.email);
  const { db } = c.var.deps.database;
  const reg = await registrationForEmail(db, body.email);
  if (!reg) throw notFound(VERIFICATION_MESSAGES.noRegistration);
  const { code } = await issueCode(db, body.email, purpose);
  await deliverMail(c.var.deps, { to: reg.primaryEmail, ...verificationCodeMail(c.var.deps.config.event, code, CODE_TTL_MS / MINUTE) });
  return { message: VERIFICATION_MESSAGES.codeSent };
}

/** The code step: consumes the code and hands out a registrant token for the newest live registration. */
export async function verifyCode(c: Context<AppEnv>, purpose: CodePurpose) {
  const body = await jsonBody(c, verifyCodeSchema);
  const { db } = c.var.deps.database;
  // counted before the check and given back on success, so a burst cannot pass a limit read first
  const ipKey = `code-verify:ip:${clientIp(c)}`;
  await enforce(db, ipKey, WRONG_CODES_PER_ADDRESS, SEND_WINDOW_MS, TOO_MANY_TRIES);
  if (!(await consumeCode(db, body.email, purpose, body.code))) {
    throw badRequest(VERIFICATION_MESSAGES.invalidCode, { code: VERIFICATION_MESSAGES.invalidCode });
  }
  await refund(db, ipKey);
  const reg = await registrationForEmail(db, body.email);
  if (!reg) throw notFound(VERIFICATION_MESSAGES.noRegistration);
  const { registrantToken, expiresAt } = await issueRegistrantToken(db, reg.id, body.email);
  return {
    reg,
    answer: { message: 'Verification successful', registration: await registrationSummary(db, reg), registrantToken, expiresAt },
  };
}

export const registrantVerificationRoutes = new Hono<AppEnv>()
  .post('/send-verification', async (c) => c.json(await sendVerificationCode(c, 'registration'), 200))
  .post('/verify-code', async (c) => {
    const { answer } = await verifyCode(c, 'registration');
    return c.json(answer, 200);
  })
  /** The visitor's Sign out: ends the X-Registrant-Token on the server (the identify middleware already refused a dead one). */
  .post('/sign-out', async (c) => {
    const token = c.req.header('x-registrant-token')?.trim();
    if (!token || !c.var.registrant) throw unauthorized('Your verification has expired. Please verify your email again.');
    await revokeRegistrantToken(c.var.deps.database.db, token);
    return c.json({ message: 'Signed out' }, 200);
  })
  .post('/:id/request-flight-info', async (c) => {
    requireAdmin(c);
    const { db } = c.var.deps.database;
    const reg = await registrationByRef(db, c.req.param('id'));
    if (!reg) throw notFound('Registration not found');
    const sent = await sendFlightInfoRequest(db, c.var.deps, reg.id, actorOf(c));
    return c.json({ message: 'Flight info request sent successfully!', ...sent }, 200);
  });

/** Used by the flight-info router: verify-code plus the registration's current flights. */
export async function verifyCodeWithFlights(c: Context<AppEnv>) {
  const { reg, answer } = await verifyCode(c, 'flight-info');
  return { ...answer, existingFlights: await listFlightRecords(c.var.deps.database.db, reg.id) };
}
