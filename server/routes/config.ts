/** GET /api/config: the event and the challenge provider, for the PWA (public). */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { PublicConfig } from '../../shared/event';
import { VERSION } from '../version';

export const configRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { config } = c.get('deps');
  const body: PublicConfig = {
    event: config.event,
    challenge: { provider: config.challenge.provider, siteKey: config.challenge.turnstileSiteKey },
    version: VERSION,
    publicUrl: config.publicUrl,
  };
  return c.json(body, 200);
});
