/** GET /api/challenge: a fresh bot challenge for the widget (altcha), or the provider's name. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';

export const challengeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const { challenge } = c.get('deps');
  const created = await challenge.create();
  return c.json(created ?? { provider: challenge.provider }, 200);
});
