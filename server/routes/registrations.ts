/**
 * /api/registrations (docs/product.md#api Registrations): create, list, stats, export, detail, edit, cancel,
 * reactivate, confirm, attendees, payments, history and the bulk flight-info request. send-verification,
 * verify-code and the single request-flight-info live in registrant-verification.ts (mounted first).
 * `{id}` is a numeric id or a registration number everywhere.
 */
import { setImmediate } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { snapshotCache, snapshotCachedJson } from '../db/snapshot-cache';
import { answerCachedJson } from '../lib/precompressed';
import { forbidden, unauthorized } from '../lib/errors';
import { requireChallenge } from '../lib/require-challenge';
import { intParam, jsonBody, query, validate } from '../lib/validate';
import { actorOf, requireAdmin, requireDesk } from '../middleware/auth';
import { answerOnRecord, withIdempotency } from '../services/sync/idempotency';
import { CHECK_IN_MESSAGES } from '../../shared/schemas/check-in';
import { VERIFICATION_MESSAGES } from '../../shared/schemas/verification';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { addAttendee, removeAttendee, updateAttendee } from '../services/registrations/attendees';
import { previewFlightInfoBulk, requestFlightInfoBulk } from '../services/flights/flight-requests-bulk';
import { listPayments, recordPayment } from '../services/registrations/payments';
import { exportCsvChunks, exportIds, localToday } from '../services/registrations/registration-export';
import { registrationHistory } from '../services/registrations/registration-history';
import { listRegistrations } from '../services/registrations/registration-list';
import { registrationStats } from '../services/registrations/registration-stats';
import {
  registrationDetailRows,
  registrationView,
  requireDetailRows,
  requireRegistration,
  serializeDetail,
  type RegistrationView,
} from '../services/registrations/registration-view';
import {
  cancelRegistration,
  createRegistration,
  reactivateRegistration,
  confirmRegistration,
  updateRegistration,
  type ServiceContext,
} from '../services/registrations/registrations';
import { balanceDueCents, fromCents } from '../../shared/pricing';
import { parseRegistrationRef } from '../services/registrants/registrant-summary';
import { attendeeCreateSchema, attendeeUpdateSchema } from '../../shared/schemas/attendee';
import {
  adminCreateSchema,
  cancelSchema,
  exportQuerySchema,
  historyQuerySchema,
  paymentsQuerySchema,
  manualCreateSchema,
  paymentCreateSchema,
  bulkFlightRequestSchema,
  registrationListQuerySchema,
  registrationUpdateSchema,
  type RegistrationDetail,
} from '../../shared/schemas/registration';

const ctxOf = (c: Context<AppEnv>): ServiceContext => ({ event: c.get('deps').config.event, actor: actorOf(c) });
const dbOf = (c: Context<AppEnv>) => c.get('deps').database.db;

const STAFF_VIEWS: Partial<Record<string, RegistrationView>> = { admin: 'full', greeter: 'greeter', checkin: 'desk' };

/**
 * A staff member's detail of registration `ref` in the view of their role (registration-view.ts): admins
 * (full), greeters (no address or money), check-in staff (the desk's: money and the party, no address or
 * notes). The same for everyone of a role, so kept by database snapshot (server/db/snapshot-cache.ts): a
 * family's page read again, by anyone, before anything is written costs only the session lookup.
 */
const staffDetails = snapshotCache({ entries: 2_000, bytes: 16 * 1024 * 1024 });

/** Pages of the registrations list, by their query: what an admin's screen polls and searches. */
const listPages = snapshotCache({ entries: 256, bytes: 16 * 1024 * 1024 });

/**
 * A visitor's detail of registration `ref`: only with the registrant token of that very registration.
 * Otherwise 401 (a registrant token of another registration, whether or not `ref` exists, so numbers
 * cannot be probed), or 403 for a signed-in user whose role reads no registration.
 */
async function registrantDetail(c: Context<AppEnv>, ref: string): Promise<RegistrationDetail> {
  const registrant = c.get('registrant');
  if (registrant) {
    const detail = await registrationDetailRows(dbOf(c), ref);
    if (detail && detail.row.id === registrant.registrationId) return serializeDetail(detail, 'registrant');
  }
  const reason = registrant ? VERIFICATION_MESSAGES.notYourRegistration : VERIFICATION_MESSAGES.notVerified;
  // a signed-in user is not sent back to sign in (a 401 would sign them out)
  throw c.get('user') ? forbidden(registrant ? reason : undefined) : unauthorized(reason);
}

export const registrationRoutes = new Hono<AppEnv>()
  /**
   * Both create forms: a body with `attendees` is the manual form; otherwise the admin form. The admin
   * form's challenge is checked whenever the body carries one: /register with group members sends
   * `attendees` and its `turnstileToken` (docs/decisions.md "One create form").
   */
  .post('/', async (c) => {
    const user = requireAdmin(c);
    const raw = await jsonBody(c, z.unknown());
    const body = typeof raw === 'object' && raw !== null ? raw : {};
    const manual = 'attendees' in body;
    const input = manual ? validate(manualCreateSchema, raw) : { ...validate(adminCreateSchema, raw), attendees: [] };
    // with an Idempotency-Key, the same create sent again after a lost answer is answered as it was
    // (docs/architecture.md "Security"); its challenge token, single use, is no part of the request
    const scope = { userId: user.id, method: 'POST', path: '/api/registrations', body: { ...input, turnstileToken: undefined } };
    const header = c.req.header('idempotency-key');
    let answer = await answerOnRecord<unknown>(dbOf(c), header, scope);
    if (!answer) {
      if (!manual || 'turnstileToken' in body) {
        const token = (body as { turnstileToken?: unknown }).turnstileToken;
        await requireChallenge(c, typeof token === 'string' ? token : null);
      }
      answer = await withIdempotency(dbOf(c), header, scope, async (tx) => {
        const row = await createRegistration(tx, input, ctxOf(c));
        const detail = serializeDetail(await requireDetailRows(tx, row.id));
        // the created registration at the top level too, as every create answers (docs/product.md#api)
        return { status: 201, body: { ...detail.registration, registration: detail.registration, attendees: detail.attendees } };
      });
    }
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  })
  .get('/', async (c) => {
    requireAdmin(c);
    const q = query(c, registrationListQuerySchema);
    // the same for every admin: kept by database snapshot (server/db/snapshot-cache.ts)
    return answerCachedJson(c, await listPages.read(dbOf(c), JSON.stringify(q), c.get('arrivalMark'), () => listRegistrations(dbOf(c), q)));
  })
  .get('/stats/summary', async (c) => {
    requireAdmin(c);
    // polled by the dashboard: cached by database snapshot (server/db/snapshot-cache.ts)
    return answerCachedJson(c, await snapshotCachedJson(dbOf(c), 'stats-summary', registrationStats, c.get('arrivalMark')));
  })
  .get('/export', async (c) => {
    requireAdmin(c);
    const q = query(c, exportQuerySchema);
    const { timeZone } = c.get('deps').config.event;
    const ids = await exportIds(dbOf(c), q);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="registrations-${localToday(timeZone)}.csv"`);
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (out) => {
        for await (const chunk of exportCsvChunks(dbOf(c), ids, timeZone)) {
          await out.write(chunk);
          // a turn of the event loop between chunks: on embedded PGlite a chunk's query runs on this
          // thread, so without it other requests (a greeter's tap) wait for the whole export, and a
          // hang-up is not heard
          await setImmediate();
          // the client hung up (a closed tab): reading on would read every chunk for nobody
          if (out.aborted) break;
        }
      },
      async (err) => {
        // headers are gone by now: log it; the file ends short and the download shows as failed
        c.get('deps').log.error({ err, requestId: c.get('requestId') }, 'registration export failed mid-stream');
      },
    );
  })
  /** The flight-info link to every active registration of the list's filter (body or query), skipping those asked in 24 h. */
  .post('/request-flight-info', async (c) => {
    requireAdmin(c);
    const body = await jsonBody(c, z.record(z.string(), z.unknown()));
    const { limit, dryRun, ...filters } = validate(bulkFlightRequestSchema, { ...c.req.query(), ...body });
    // dryRun: who would get the mail and what it says, sending nothing (the screen asks with it first)
    if (dryRun) return c.json(await previewFlightInfoBulk(dbOf(c), c.get('deps'), filters), 200);
    return c.json(await requestFlightInfoBulk(dbOf(c), c.get('deps'), filters, actorOf(c), new Date(), limit), 200);
  })
  .get('/:id', async (c) => {
    const ref = c.req.param('id');
    const user = c.get('user');
    const view = user ? STAFF_VIEWS[user.role] : undefined;
    if (!view) return c.json(await registrantDetail(c, ref), 200);
    // keyed by what the reference names: `12` and ` 12`, `r25-x` and `R25-X` are one entry
    const cached = await staffDetails.read(
      dbOf(c),
      `${view}:${JSON.stringify(parseRegistrationRef(ref))}`,
      c.get('arrivalMark'),
      async () => {
        const detail = await requireDetailRows(dbOf(c), ref);
        return { snapshot: detail.snapshot, value: serializeDetail(detail, view) };
      },
    );
    return answerCachedJson(c, cached);
  })
  .put('/:id', async (c) => {
    requireAdmin(c);
    const changes = await jsonBody(c, registrationUpdateSchema);
    const row = await dbOf(c).transaction((tx) => updateRegistration(tx, c.req.param('id'), changes, ctxOf(c)));
    return c.json({ registration: await registrationView(dbOf(c), row) }, 200);
  })
  .post('/:id/cancel', async (c) => {
    requireAdmin(c);
    const { reason } = await jsonBody(c, cancelSchema);
    const row = await dbOf(c).transaction((tx) => cancelRegistration(tx, c.req.param('id'), reason, ctxOf(c)));
    return c.json({ message: 'Registration cancelled', registration: await registrationView(dbOf(c), row) }, 200);
  })
  .post('/:id/reactivate', async (c) => {
    requireAdmin(c);
    const row = await dbOf(c).transaction((tx) => reactivateRegistration(tx, c.req.param('id'), ctxOf(c)));
    return c.json({ message: 'Registration reactivated', registration: await registrationView(dbOf(c), row) }, 200);
  })
  .post('/:id/confirm', async (c) => {
    requireAdmin(c);
    const row = await dbOf(c).transaction((tx) => confirmRegistration(tx, c.req.param('id'), ctxOf(c)));
    return c.json({ message: 'Registration confirmed', registration: await registrationView(dbOf(c), row) }, 200);
  })
  .post('/:id/attendees', async (c) => {
    const user = requireAdmin(c);
    const input = await jsonBody(c, attendeeCreateSchema);
    // with an Idempotency-Key, Add Attendee pressed again after a lost answer adds the attendee once
    const answer = await withIdempotency(
      dbOf(c),
      c.req.header('idempotency-key'),
      { userId: user.id, method: 'POST', path: `/api/registrations/${c.req.param('id').toUpperCase()}/attendees`, body: input },
      async (tx) => {
        const { attendee, registration } = await addAttendee(tx, c.req.param('id'), input, ctxOf(c));
        // the created attendee at the top level, as every create answers (docs/product.md#api), and under `attendee`
        return { status: 201, body: { ...attendee, attendee, registration: await registrationView(tx, registration) } };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  })
  .put('/:id/attendees/:attendeeId', async (c) => {
    requireAdmin(c);
    const attendeeId = intParam(c, 'attendeeId', 'Attendee not found');
    const changes = await jsonBody(c, attendeeUpdateSchema);
    const { attendee, registration } = await dbOf(c).transaction((tx) =>
      updateAttendee(tx, c.req.param('id'), attendeeId, changes, ctxOf(c)),
    );
    return c.json({ attendee, registration: await registrationView(dbOf(c), registration) }, 200);
  })
  .delete('/:id/attendees/:attendeeId', async (c) => {
    requireAdmin(c);
    const attendeeId = intParam(c, 'attendeeId', 'Attendee not found');
    await dbOf(c).transaction((tx) => removeAttendee(tx, c.req.param('id'), attendeeId, ctxOf(c)));
    return c.body(null, 204);
  })
  /** Admins record payments and refunds; check-in staff payments only (amounts above 0). Idempotency-Key for the desk's outbox. */
  .post('/:id/payments', async (c) => {
    const user = requireDesk(c);
    const input = await jsonBody(c, paymentCreateSchema);
    if (user.role !== 'admin' && input.amount <= 0) throw forbidden(CHECK_IN_MESSAGES.refundNotAllowed);
    const view = user.role === 'admin' ? 'full' : 'desk';
    const answer = await withIdempotency(
      dbOf(c),
      c.req.header('idempotency-key'),
      { userId: user.id, method: 'POST', path: `/api/registrations/${c.req.param('id').toUpperCase()}/payments`, body: input },
      async (tx, _prepared, key) => {
        const { payment, registration } = await recordPayment(tx, c.req.param('id'), input, ctxOf(c), key);
        // the created payment itself (a create answers with what it created), and under `payment` with the
        // registration's new totals beside it
        return { status: 201, body: { ...payment, payment, registration: await registrationView(tx, registration, view) } };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  })
  .get('/:id/payments', async (c) => {
    requireAdmin(c);
    const page = query(c, paymentsQuerySchema);
    const reg = await requireRegistration(dbOf(c), c.req.param('id'));
    const { payments, pagination } = await listPayments(dbOf(c), reg.id, page);
    return c.json(
      {
        payments,
        pagination,
        total_amount: fromCents(reg.totalAmountCents),
        paid_amount: fromCents(reg.paidAmountCents),
        balance_due: fromCents(balanceDueCents(reg.totalAmountCents, reg.paidAmountCents)),
        payment_status: reg.paymentStatus === 'completed' ? 'paid' : reg.paymentStatus,
      },
      200,
    );
  })
  .get('/:id/history', async (c) => {
    requireAdmin(c);
    const page = query(c, historyQuerySchema);
    const reg = await requireRegistration(dbOf(c), c.req.param('id'));
    return c.json(await registrationHistory(dbOf(c), reg.id, page), 200);
  });
