/**
 * Visitor verification under /api/registrations (docs/product.md#api Registrations: send-verification, verify-code)
 * and the admin's emailed flight-info request. Mounted before the registrations router so these fixed
 * paths win over `/:id`. The code steps themselves are services/registrants/verification.ts, shared with
 * /api/flight-info.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { notFound, unauthorized } from '../lib/errors';
import { checkIdempotencyKey } from '../services/sync/idempotency';
import { clientIp } from '../lib/client-ip';
import { requireChallenge } from '../lib/require-challenge';
import { jsonBody } from '../lib/validate';
import { actorOf, requireAdmin } from '../middleware/auth';
import { sendFlightInfoRequest } from '../services/flights/flight-requests';
import { revokeRegistrantToken } from '../services/registrants/registrant-tokens';
import { registrationByRef } from '../services/registrants/registrant-summary';
import { sendVerificationCode, verifyCode } from '../services/registrants/verification';
import { REGISTRANT_TOKEN_HEADER } from '../../shared/constants';
import { sendVerificationSchema, verifyCodeSchema } from '../../shared/schemas/verification';

export const registrantVerificationRoutes = new Hono<AppEnv>()
  .post('/send-verification', async (c) => {
    const body = await jsonBody(c, sendVerificationSchema());
    await requireChallenge(c, body.turnstileToken);
    return c.json(await sendVerificationCode(c.get('deps'), { email: body.email, purpose: 'registration', ip: clientIp(c) }), 200);
  })
  .post('/verify-code', async (c) => {
    const body = await jsonBody(c, verifyCodeSchema);
    const key = checkIdempotencyKey(c.req.header('Idempotency-Key'));
    const { answer } = await verifyCode(c.get('deps').database.db, { ...body, purpose: 'registration', ip: clientIp(c), key });
    c.header(REGISTRANT_TOKEN_HEADER, answer.registrantToken); // the body carries it too, as registrantToken
    return c.json(answer, 200);
  })
  /** The visitor's Sign out: ends the X-Registrant-Token on the server (the identify middleware already refused a dead one). */
  .post('/sign-out', async (c) => {
    const token = c.req.header(REGISTRANT_TOKEN_HEADER)?.trim();
    if (!token || !c.get('registrant')) throw unauthorized('Your verification has expired. Please verify your email again.');
    await revokeRegistrantToken(c.get('deps').database.db, token);
    return c.json({ message: 'Signed out' }, 200);
  })
  .post('/:id/request-flight-info', async (c) => {
    requireAdmin(c);
    const { db } = c.get('deps').database;
    const reg = await registrationByRef(db, c.req.param('id'));
    if (!reg) throw notFound('Registration not found');
    const sent = await sendFlightInfoRequest(db, c.get('deps'), reg.id, actorOf(c));
    return c.json({ message: 'Flight info request sent successfully!', ...sent }, 200);
  });
