/**
 * /api/flight-info/admin: the airport team's calls (docs/product.md#api Flight info admin calls), for admins and
 * greeters: the arrivals board, its CSV export (and the departures' export), and the pickup toggle the offline outbox replays, one by
 * one or up to 100 at once (POST /flight-pickups/batch, one answer per op).
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import { snapshotCachedJson } from '../db/snapshot-cache';
import { answerCachedJson } from '../lib/precompressed';
import { badRequest } from '../lib/errors';
import { intParam, jsonBody, query } from '../lib/validate';
import { actorOf, requireStaff } from '../middleware/auth';
import { arrivalsCsv, listArrivals } from '../services/flights/arrivals';
import { checkIdempotencyKey, singleAnswer } from '../services/sync/idempotency';
import { recordPickup, recordPickups } from '../services/flights/pickups';
import { earliestTap } from '../services/sync/tap-time';
import { atAirport, isAirportFilter, NO_AIRPORT, OTHER_AIRPORT } from '../../shared/airports';
import type { ExportedFlights } from '../../shared/arrivals-export-name';
import {
  arrivalsCsvFilename,
  arrivalsExportQuerySchema,
  arrivalsQuerySchema,
  pickupBatchSchema,
  pickupBodySchema,
  summarizeArrivals,
  type PickupBatchResult,
} from '../../shared/schemas/arrivals';

/** What a toggle's Idempotency-Key stands for: the single route's path, whichever route delivered it. */
export const pickupRequest = (flightId: number) => `/api/flight-info/admin/flight-pickups/${flightId}`;

/**
 * The CSV of one date's (or every date's) arrivals, or departures needing a ride to the airport, at one
 * airport or all: the same thirteen columns either way.
 */
async function exportFlights(c: Context<AppEnv>, flights: ExportedFlights) {
  requireStaff(c);
  const { date, airport } = query(c, arrivalsExportQuerySchema);
  const { airports } = c.get('deps').config.event;
  if (airport && !isAirportFilter(airport, airports)) {
    const choices = [...airports.map((a) => a.code), OTHER_AIRPORT, NO_AIRPORT].join(', ');
    throw badRequest(`Unknown airport "${airport}": choose one of ${choices}`, { airport: `Must be one of ${choices}` });
  }
  const rows = await listArrivals(c.get('deps').database.db, { date, type: flights === 'departures' ? 'departure' : 'arrival' });
  const csv = arrivalsCsv(airport ? rows.filter((a) => atAirport(a, airport)) : rows);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${arrivalsCsvFilename(date, airport, flights)}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(csv, 200);
}

export const arrivalRoutes = new Hono<AppEnv>()
  .get('/flight-arrivals', async (c) => {
    requireStaff(c);
    const { date } = query(c, arrivalsQuerySchema);
    // the same for every staff member: cached by database snapshot (server/db/snapshot-cache.ts)
    const cached = await snapshotCachedJson(
      c.get('deps').database.db,
      `arrivals:${date ?? 'all'}`,
      async (tx) => {
        const arrivals = await listArrivals(tx, { date });
        return { arrivals, summary: summarizeArrivals(arrivals) };
      },
      c.get('arrivalMark'),
    );
    return answerCachedJson(c, cached);
  })
  .get('/flight-arrivals/export', (c) => exportFlights(c, 'arrivals'))
  .get('/flight-departures/export', (c) => exportFlights(c, 'departures'))
  .post('/flight-pickups/batch', async (c) => {
    const user = requireStaff(c);
    const { ops } = await jsonBody(c, pickupBatchSchema);
    const keyed = ops.map(({ opId, flightId, ...toggle }) => ({ key: opId, request: pickupRequest(flightId), flightId, toggle }));
    const answers = await recordPickups(c.get('deps').database.db, keyed, user, actorOf(c), earliestTap(c.get('deps').config.event));
    const results: PickupBatchResult[] = answers.map((a, i) => ({ opId: ops[i].opId, status: a.status, body: a.body }));
    return c.json({ results }, 200);
  })
  .post('/flight-pickups/:id', async (c) => {
    const user = requireStaff(c);
    const id = intParam(c, 'id', 'Flight not found');
    const body = await jsonBody(c, pickupBodySchema);
    const key = checkIdempotencyKey(c.req.header('idempotency-key'));
    const answer = await recordPickup(
      c.get('deps').database.db,
      { key, request: pickupRequest(id), flightId: id, toggle: body },
      user,
      actorOf(c),
      earliestTap(c.get('deps').config.event),
    );
    const result = singleAnswer(answer, key);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as ContentfulStatusCode);
  });
