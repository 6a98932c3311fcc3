/** GET /health and /api/health: status, database reachable, version. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { VERSION } from '../version';

export const healthRoute = new Hono<AppEnv>().get('/', async (c) => {
  const { database } = c.get('deps');
  let dbOk = false;
  try {
    dbOk = await database.ping();
  } catch {
    dbOk = false;
  }
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      status: dbOk ? 'ok' : 'degraded',
      database: dbOk ? 'ok' : 'unreachable',
      driver: database.driver,
      version: VERSION,
      time: new Date().toISOString(),
    },
    dbOk ? 200 : 503,
  );
});
