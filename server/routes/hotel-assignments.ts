/**
 * /api/hotel-assignments (docs/product.md#api Hotel assignments; admin only): the unmatched bookings, candidate
 * registrations, linking (replayed by the offline outbox with Idempotency-Key), unlinking, delete, and
 * the rooming-list import.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import { badRequest } from '../lib/errors';
import { intParam, jsonBody, query } from '../lib/validate';
import { actorOf, requireAdmin } from '../middleware/auth';
import {
  BOOKING_NOT_FOUND,
  deleteAssignment,
  listAssignments,
  listUnmatched,
  lockBooking,
  lockForLink,
  matchAssignment,
  searchMatches,
  unmatchAssignment,
  type HotelRow,
  type LinkAnswer,
  type LinkRows,
} from '../services/hotel/hotel-assignments';
import { importRoomingList } from '../services/hotel/hotel-import';
import { withIdempotency } from '../services/sync/idempotency';
import {
  assignmentListQuerySchema,
  importQuerySchema,
  deleteQuerySchema,
  matchSchema,
  searchMatchesQuerySchema,
  unmatchSchema,
  unmatchedQuerySchema,
} from '../../shared/schemas/hotel';

export const NOT_UTF8 = 'The file is not UTF-8 text, so some letters could not be read. Save it as "CSV UTF-8" and import it again.';

export const SPREADSHEET = 'The file is a spreadsheet workbook (Excel or another), not a CSV. Save it as "CSV UTF-8" and import that file.';

/**
 * A workbook's first bytes, as text: an .xlsx (or .ods, .numbers) is a zip ("PK\3\4", the same read any way);
 * an old .xls is a compound file (D0 CF 11 E0), read as Windows-1252 (the PWA's csv-text.ts) or as UTF-8.
 */
const WORKBOOK = /^(PK\u0003\u0004|\u00d0\u00cf\u0011\u00e0|\ufffd\ufffd\u0011\u0871)/;

const CSV_TYPES = /^(text\/(csv|plain|comma-separated-values)|application\/(csv|vnd\.ms-excel|octet-stream))\b/i;

export const hotelRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    requireAdmin(c);
    const q = query(c, assignmentListQuerySchema);
    return c.json(await listAssignments(c.get('deps').database.db, q), 200);
  })
  .get('/unmatched', async (c) => {
    requireAdmin(c);
    const q = query(c, unmatchedQuerySchema);
    return c.json(await listUnmatched(c.get('deps').database.db, q), 200);
  })
  .get('/search-matches', async (c) => {
    requireAdmin(c);
    const q = query(c, searchMatchesQuerySchema);
    return c.json({ matches: await searchMatches(c.get('deps').database.db, q.name, q.assignmentId) }, 200);
  })
  .post('/import', async (c) => {
    requireAdmin(c);
    const { dryRun } = query(c, importQuerySchema);
    const type = c.req.header('content-type') ?? '';
    let text: string;
    if (/^multipart\/form-data/i.test(type)) {
      let file: unknown;
      try {
        file = (await c.req.parseBody()).file;
      } catch {
        throw badRequest('The upload could not be read. Please choose the file again.');
      }
      if (file instanceof File) text = await file.text();
      else if (typeof file === 'string') text = file;
      else throw badRequest('Attach the rooming list as the form field "file"', { file: 'Choose a CSV file' });
    } else if (type === '' || CSV_TYPES.test(type)) {
      text = await c.req.text();
    } else {
      throw badRequest('Send the rooming list as a CSV body (Content-Type: text/csv) or as the multipart field "file"');
    }
    if (WORKBOOK.test(text)) throw badRequest(SPREADSHEET);
    // bytes that are not UTF-8 (Excel's Windows-1252 "CSV") come out as U+FFFD: stored, "José" would be "Jos�"
    if (text.includes('\uFFFD')) throw badRequest(NOT_UTF8);
    const { flightWindow, timeZone } = c.get('deps').config.event;
    const result = await importRoomingList(c.get('deps').database.db, text, { dryRun, stayWindow: flightWindow, timeZone }, actorOf(c));
    return c.json(result, 200);
  })
  .post('/:id/match', async (c) => {
    const user = requireAdmin(c);
    const id = intParam(c, 'id', BOOKING_NOT_FOUND);
    const body = await jsonBody(c, matchSchema);
    const result = await withIdempotency<LinkAnswer, LinkRows>(
      c.get('deps').database.db,
      c.req.header('idempotency-key'),
      { userId: user.id, method: 'POST', path: c.req.path, body },
      async (tx, locked) => ({ status: 200, body: await matchAssignment(tx, locked, actorOf(c)) }),
      // the rows locked with the read of the key; every refusal comes before any write
      { prepare: (tx) => lockForLink(tx, id, body.registrationId), savepoint: false },
    );
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as ContentfulStatusCode);
  })
  .post('/:id/unmatch', async (c) => {
    const user = requireAdmin(c);
    const id = intParam(c, 'id', BOOKING_NOT_FOUND);
    const from = await jsonBody(c, unmatchSchema);
    const result = await withIdempotency<LinkAnswer, HotelRow | undefined>(
      c.get('deps').database.db,
      c.req.header('idempotency-key'),
      { userId: user.id, method: 'POST', path: c.req.path, body: from.registrationId === undefined ? null : from },
      async (tx, booking) => ({ status: 200, body: await unmatchAssignment(tx, booking, actorOf(c), from.registrationId) }),
      { prepare: (tx) => lockBooking(tx, id), savepoint: false },
    );
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as ContentfulStatusCode);
  })
  .delete('/:id', async (c) => {
    requireAdmin(c);
    const id = intParam(c, 'id', BOOKING_NOT_FOUND);
    const { linkedTo } = query(c, deleteQuerySchema);
    const seen = linkedTo === undefined ? undefined : linkedTo === 'none' ? null : linkedTo;
    await c.get('deps').database.db.transaction((tx) => deleteAssignment(tx, id, actorOf(c), seen));
    return c.body(null, 204);
  });
