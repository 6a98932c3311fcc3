/**
 * /api/flight-info, the visitor's side (docs/product.md#api Flight info): email-and-code verification, the verified
 * flight form (registrant token or admin), the lookup that mails a link, and the tokenised form behind
 * that link. The staff arrivals routes (/admin/*) live in their own router.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors';
import { requireChallenge } from '../lib/require-challenge';
import { checkIdempotencyKey } from '../services/sync/idempotency';
import { hit } from '../services/staff/rate-limit';
import { clientIp } from '../lib/client-ip';
import { jsonBody, validate } from '../lib/validate';
import { emailHint } from '../lib/email-hint';
import { flightConfirmationMail } from '../mail/templates';
import { actorOf } from '../middleware/auth';
import type { Actor } from '../services/operations/audit';
import { flightFor, type FlightInfoRecord, type FlightReader } from '../services/flights/flight-view';
import { markRequestUsed, requestForToken, sendFlightInfoRequest } from '../services/flights/flight-requests';
import { listFlightRecords, replaceFlights } from '../services/flights/flights';
import {
  otherRegistrationsOfEmail,
  registrationByRef,
  registrationSummary,
  sharesEmail,
  type RegistrationRow,
} from '../services/registrants/registrant-summary';
import { registrationToMail, sendVerificationCode, verifyCodeWithFlights, withMailBudget } from '../services/registrants/verification';
import {
  flightLinkTokenSchema,
  flightRules,
  registrationRefSchema,
  submitVerifiedSchema,
  submitWithTokenSchema,
} from '../../shared/schemas/flight';
import { REGISTRANT_TOKEN_HEADER } from '../../shared/constants';
import { lookupSchema, sendVerificationSchema, VERIFICATION_MESSAGES, verifyCodeSchema } from '../../shared/schemas/verification';

export const FLIGHTS_SUBMITTED = 'Flight information submitted successfully!';
const NOT_YOURS = 'You can only view or change the flights of your own registration';
const VERIFY_FIRST = 'Please verify your email to view or change flight information';

const registrantActor = (reg: RegistrationRow): Actor => ({ userId: null, label: `registrant:${reg.registrationNumber}` });

/**
 * Who may touch this registration's flights: an admin; a greeter to read (docs/product.md#api: admins and greeters
 * read `GET /api/flight-info/registration/{id}`); a registrant only with the token of this very registration. Check-in staff have
 * no business with flights. A registrant
 * asking for another (or a non-existent) registration gets 403, never a hint whether it exists.
 */
async function accessRegistration(c: Context<AppEnv>, ref: string | number, mode: 'read' | 'write') {
  const user = c.get('user');
  const registrant = c.get('registrant');
  if (!user && !registrant) throw unauthorized(VERIFY_FIRST);
  const reg = await registrationByRef(c.get('deps').database.db, ref);
  if (user && (user.role === 'admin' || (mode === 'read' && user.role === 'greeter'))) {
    if (!reg) throw notFound('Registration not found');
    return { reg, actor: actorOf(c), asStaff: true };
  }
  if (registrant && reg && reg.id === registrant.registrationId) return { reg, actor: registrantActor(reg), asStaff: false };
  if (user && !registrant) throw forbidden();
  throw forbidden(NOT_YOURS);
}

/** At most this many flight confirmations per registration in a quarter of an hour; the flights are saved whatever the count. */
const CONFIRMATIONS_PER_WINDOW = 5;
const CONFIRMATION_WINDOW_MS = 15 * 60_000;

/**
 * Mails the flight confirmation, and says whether it went (the answer's `confirmationSent`, which the
 * visitor's success screen reads); the flights are already saved, so a mail failure is logged, not
 * refused. A visitor's form sent over and over (a script holding their token or link) does not turn
 * into as many mails to the family: past the limit the confirmation is left out and logged. An
 * admin's corrections are not counted.
 */
async function mailConfirmation(
  c: Context<AppEnv>,
  reg: RegistrationRow,
  needsTransportation: boolean,
  flights: FlightInfoRecord[],
  byVisitor: boolean,
): Promise<boolean> {
  const { database, log } = c.get('deps');
  if (byVisitor) {
    const budget = await hit(database.db, `flight-confirmation:${reg.id}`, CONFIRMATIONS_PER_WINDOW, CONFIRMATION_WINDOW_MS);
    if (!budget.allowed) {
      log.warn({ registrationId: reg.id }, 'flight confirmation mail left out: too many in 15 minutes');
      return false;
    }
  }
  const content = flightConfirmationMail(c.get('deps').config.event, {
    name: `${reg.primaryFirstName} ${reg.primaryLastName}`,
    registrationNumber: reg.registrationNumber,
    needsTransportation,
    flights,
    // a code opens the newest registration of an email: another one's link names it (the code then opens it)
    updateLink: `${c.get('deps').config.publicUrl}/flight-info${(await sharesEmail(database.db, reg)) ? `?registrationId=${reg.registrationNumber}` : ''}`,
  });
  try {
    await c.get('deps').mailer.send({ to: reg.primaryEmail, ...content });
    return true;
  } catch (err) {
    log.error({ err, registrationId: reg.id }, 'flight confirmation mail failed');
    return false;
  }
}

/** Who reads flights here: staff signed in, or the visitor (a registrant token, or the emailed link). */
const readerOf = (c: Context<AppEnv>): FlightReader => (c.get('user') ? 'staff' : 'visitor');

export const flightInfoRoutes = new Hono<AppEnv>()
  .post('/send-verification', async (c) => {
    const body = await jsonBody(c, sendVerificationSchema(VERIFICATION_MESSAGES.flightEmailStep));
    await requireChallenge(c, body.turnstileToken, VERIFICATION_MESSAGES.flightEmailStep);
    return c.json(await sendVerificationCode(c.get('deps'), { email: body.email, purpose: 'flight-info', ip: clientIp(c) }), 200);
  })
  .post('/verify-code', async (c) => {
    const body = await jsonBody(c, verifyCodeSchema);
    const key = checkIdempotencyKey(c.req.header('Idempotency-Key'));
    const answer = await verifyCodeWithFlights(c.get('deps').database.db, { ...body, ip: clientIp(c), key });
    c.header(REGISTRANT_TOKEN_HEADER, answer.registrantToken); // the body carries it too, as registrantToken
    return c.json(answer, 200);
  })
  .get('/registration/:id', async (c) => {
    const { reg } = await accessRegistration(c, c.req.param('id'), 'read');
    const { db } = c.get('deps').database;
    return c.json(
      { registration: await registrationSummary(db, reg), existingFlights: await listFlightRecords(db, reg.id, readerOf(c)) },
      200,
    );
  })
  .post('/submit-verified', async (c) => {
    if (!c.get('user') && !c.get('registrant')) throw unauthorized(VERIFY_FIRST);
    // authorise on the registration first: a stranger learns nothing from validation messages
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    const { reg, actor, asStaff } = await accessRegistration(c, validate(registrationRefSchema, raw).registrationId, 'write');
    const body = validate(submitVerifiedSchema(flightRules(c.get('deps').config.event)), raw);
    const flights = await replaceFlights(c.get('deps').database.db, reg.id, body, actor);
    // counted unless an organiser saved them (staff holding a family's token save as the family)
    const confirmationSent = await mailConfirmation(c, reg, body.needsTransportation, flights, !asStaff);
    return c.json({ message: FLIGHTS_SUBMITTED, flights: flights.map((f) => flightFor(f, readerOf(c))), confirmationSent }, 200);
  })
  .post('/lookup', async (c) => {
    const body = await jsonBody(c, lookupSchema);
    await requireChallenge(c, body.captchaToken, VERIFICATION_MESSAGES.securityCheck, 'captchaToken');
    const { db } = c.get('deps').database;
    await withMailBudget(db, 'flight-link', body.email, clientIp(c), async () => {
      const reg = await registrationToMail(db, body.email, VERIFICATION_MESSAGES.lookupNotFound);
      const actor = { userId: null, label: `lookup:${body.email}` };
      await sendFlightInfoRequest(db, c.get('deps'), reg.id, actor);
      // two families on one email: each is mailed its own form's link (a code opens only the newest)
      for (const other of await otherRegistrationsOfEmail(db, reg)) await sendFlightInfoRequest(db, c.get('deps'), other.id, actor);
    });
    return c.json({ message: VERIFICATION_MESSAGES.lookupSent }, 200);
  })
  .get('/verify/:token', async (c) => {
    const { db } = c.get('deps').database;
    const { request, registration: reg } = await requestForToken(db, c.req.param('token'));
    // the link's holder sees whose form it is and a hint of its email, never the email itself
    // (docs/product.md#api Flight request via token)
    return c.json(
      {
        request: {
          registrationNumber: reg.registrationNumber,
          name: `${reg.primaryFirstName} ${reg.primaryLastName}`,
          expiresAt: request.expiresAt.toISOString(),
          needsTransportation: reg.needsTransportation,
          emailHint: emailHint(reg.primaryEmail),
        },
        existingFlights: await listFlightRecords(db, reg.id, 'visitor'),
      },
      200,
    );
  })
  .post('/submit', async (c) => {
    const { db } = c.get('deps').database;
    // an expired or unknown link is told first: fixing the form would not help
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    const { request, registration: reg } = await requestForToken(db, validate(flightLinkTokenSchema, raw).token);
    const body = validate(submitWithTokenSchema(flightRules(c.get('deps').config.event)), raw);
    await requireChallenge(c, body.turnstileToken);
    if (body.email !== reg.primaryEmail.trim().toLowerCase()) {
      throw badRequest('Email does not match this registration', { email: 'Email does not match this registration' });
    }
    // the flights and the link's use together: neither is saved without the other
    const flights = await db.transaction(async (tx) => {
      const saved = await replaceFlights(tx, reg.id, body, registrantActor(reg));
      await markRequestUsed(tx, request.id);
      return saved;
    });
    const confirmationSent = await mailConfirmation(c, reg, body.needsTransportation, flights, true);
    // the link's holder is a visitor, whatever session the browser also holds (as GET /verify/:token)
    return c.json({ message: FLIGHTS_SUBMITTED, flights: flights.map((f) => flightFor(f, 'visitor')), confirmationSent }, 200);
  });
