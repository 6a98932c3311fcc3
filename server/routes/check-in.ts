/**
 * /api/registrations/{id}/check-in and /api/registrations/check-in/batch: the check-in desk's taps
 * (docs/product.md#check-in-desk), for check-in staff and admins, one at a time with an Idempotency-Key
 * or up to 100 at once from the desk's offline outbox (one answer per op); and the check-in pass mailed
 * for one registration (its admin or registrant) or to every active registration (admins, in batches).
 * `{id}` is a numeric id or a registration number.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import { jsonBody } from '../lib/validate';
import { forbidden, unauthorized } from '../lib/errors';
import { actorOf, requireAdmin, requireDesk } from '../middleware/auth';
import { passCounts, sendCheckInPass, sendCheckInPasses } from '../services/desk/check-in-pass';
import { recordCheckIn, recordCheckIns } from '../services/desk/check-in';
import { checkIdempotencyKey, singleAnswer } from '../services/sync/idempotency';
import { requireRegistration } from '../services/registrations/registration-view';
import { registrationByRef } from '../services/registrants/registrant-summary';
import { withMailBudget } from '../services/registrants/verification';
import { clientIp } from '../lib/client-ip';
import { earliestTap } from '../services/sync/tap-time';
import { checkInBatchSchema, checkInBodySchema, sendPassesSchema } from '../../shared/schemas/check-in';
import { VERIFICATION_MESSAGES } from '../../shared/schemas/verification';

/** What a check-in's Idempotency-Key stands for: the single route's path, whichever route delivered it. */
export const checkInRequest = (registrationId: number) => `/api/registrations/${registrationId}/check-in`;

export const checkInRoutes = new Hono<AppEnv>()
  .post('/send-passes', async (c) => {
    requireAdmin(c);
    const { after_id, limit, unsent_only, dry_run } = await jsonBody(c, sendPassesSchema);
    const { db } = c.get('deps').database;
    if (dry_run) return c.json(await passCounts(db), 200);
    return c.json(await sendCheckInPasses(db, c.get('deps'), { afterId: after_id, limit, unsentOnly: unsent_only }, actorOf(c)), 200);
  })
  .post('/:id/send-pass', async (c) => {
    const user = c.get('user');
    const registrant = c.get('registrant');
    // who is asking first: an anonymous caller learns nothing of which registrations exist
    if (!user && !registrant) throw unauthorized(VERIFICATION_MESSAGES.notVerified);
    if (user && user.role !== 'admin') throw forbidden();
    const { db } = c.get('deps').database;
    // a registrant learns nothing of other registrations: another's and one that does not exist are alike
    const reg = user ? await requireRegistration(db, c.req.param('id')) : await registrationByRef(db, c.req.param('id'));
    if (!reg || (!user && registrant!.registrationId !== reg.id)) throw forbidden();
    if (user) return c.json(await sendCheckInPass(db, c.get('deps'), reg, actorOf(c)), 200);
    // a visitor's pass mails count against the same few mails an email may be sent (as codes and links)
    const actor = { userId: null, label: `registrant:${reg.registrationNumber}` };
    return c.json(
      await withMailBudget(db, 'pass-send', reg.primaryEmail, clientIp(c), () => sendCheckInPass(db, c.get('deps'), reg, actor)),
      200,
    );
  })
  .post('/check-in/batch', async (c) => {
    const user = requireDesk(c);
    const { ops } = await jsonBody(c, checkInBatchSchema);
    const keyed = ops.map(({ opId, registration_id, ...input }) => ({
      key: opId,
      request: checkInRequest(registration_id),
      registrationId: registration_id,
      input,
    }));
    const answers = await recordCheckIns(c.get('deps').database.db, keyed, user, actorOf(c), earliestTap(c.get('deps').config.event));
    return c.json({ results: answers.map((a, i) => ({ opId: ops[i].opId, status: a.status, body: a.body })) }, 200);
  })
  .post('/:id/check-in', async (c) => {
    const user = requireDesk(c);
    const body = await jsonBody(c, checkInBodySchema);
    const key = checkIdempotencyKey(c.req.header('idempotency-key'));
    const reg = await requireRegistration(c.get('deps').database.db, c.req.param('id'));
    const answer = await recordCheckIn(
      c.get('deps').database.db,
      { key, request: checkInRequest(reg.id), registrationId: reg.id, input: body },
      user,
      actorOf(c),
      earliestTap(c.get('deps').config.event),
      reg.status,
    );
    const result = singleAnswer(answer, key);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as ContentfulStatusCode);
  });
