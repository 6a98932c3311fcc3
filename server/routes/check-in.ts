/**
 * /api/registrations/{id}/check-in and /api/registrations/check-in/batch: the check-in desk's taps
 * (docs/product.md#check-in-desk), for check-in staff and admins, one at a time with an Idempotency-Key
 * or up to 100 at once from the desk's offline outbox (one answer per op). `{id}` is a numeric id or a
 * registration number.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import { jsonBody } from '../lib/validate';
import { actorOf, requireDesk } from '../middleware/auth';
import { recordCheckIns } from '../services/check-in';
import { checkIdempotencyKey, singleAnswer } from '../services/idempotency';
import { requireRegistration } from '../services/registration-view';
import { earliestTap } from '../services/tap-time';
import { checkInBatchSchema, checkInSchema } from '../../shared/schemas/check-in';

export const checkInRoutes = new Hono<AppEnv>()
  .post('/check-in/batch', async (c) => {
    const user = requireDesk(c);
    const { ops } = await jsonBody(c, checkInBatchSchema);
    const keyed = ops.map(({ opId, registration_id, ...input }) => ({ key: opId, registrationId: registration_id, input }));
    const answers = await recordCheckIns(c.var.deps.database.db, keyed, user, actorOf(c), earliestTap(c.var.deps.config.event));
    return c.json({ results: answers.map((a, i) => ({ opId: ops[i].opId, status: a.status, body: a.body })) }, 200);
  })
  .post('/:id/check-in', async (c) => {
    const user = requireDesk(c);
    const body = await jsonBody(c, checkInSchema);
    const key = checkIdempotencyKey(c.req.header('idempotency-key'));
    const reg = await requireRegistration(c.var.deps.database.db, c.req.param('id'));
    const [answer] = await recordCheckIns(
      c.var.deps.database.db,
      [{ key, registrationId: reg.id, input: body }],
      user,
      actorOf(c),
      earliestTap(c.var.deps.config.event),
    );
    const result = singleAnswer(answer, key);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as ContentfulStatusCode);
  });
