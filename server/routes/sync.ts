/**
 * /api/sync: the server side of the offline layer (docs/architecture.md#offline-layer). Uploads go
 * through the ordinary mutations with Idempotency-Key (pickups, hotel links); these calls serve the
 * clock (for the tap-time offset) and the downloads by cursor (services/sync/sync-download.ts). Each
 * download is read-only, so it starts from the database as its session lookup found it (db/arrival-mark.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { query } from '../lib/validate';
import { requireAdmin, requireDesk, requireStaff } from '../middleware/auth';
import { arrivalsSince, hotelSince } from '../services/sync/sync-download';
import { registrationsSince } from '../services/sync/sync-registrations';
import { syncQuerySchema } from '../../shared/schemas/sync';

export const syncRoutes = new Hono<AppEnv>()
  .get('/time', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ serverTime: new Date().toISOString() }, 200);
  })
  .get('/arrivals', async (c) => {
    requireStaff(c);
    const q = query(c, syncQuerySchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await arrivalsSince(c.get('deps').database.db, { ...q, log: c.get('deps').log, mark: c.get('arrivalMark') }), 200);
  })
  .get('/hotel', async (c) => {
    requireAdmin(c);
    const q = query(c, syncQuerySchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await hotelSince(c.get('deps').database.db, { ...q, log: c.get('deps').log, mark: c.get('arrivalMark') }), 200);
  })
  .get('/registrations', async (c) => {
    const user = requireDesk(c);
    const q = query(c, syncQuerySchema);
    c.header('Cache-Control', 'no-store');
    const view = user.role === 'admin' ? 'full' : 'desk';
    return c.json(await registrationsSince(c.get('deps').database.db, { ...q, view, mark: c.get('arrivalMark') }), 200);
  });
