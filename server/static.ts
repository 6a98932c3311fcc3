/**
 * The built PWA: hashed /assets/* cached for a year, sw.js and index.html never cached, and an SPA
 * fallback to index.html for routes, but a real 404 for /api/*, /assets/* and anything with a file
 * extension (otherwise a missing script comes back as HTML and fails with a MIME error).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

export function staticPwa(app: Hono<AppEnv>, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.';
  const indexFile = path.join(staticDir, 'index.html');

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    const p = c.req.path;
    if (p === '/sw.js' || p.startsWith('/workbox-') || p === '/' || p.endsWith('.html') || p.endsWith('.webmanifest')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.get('*', serveStatic({ root }));
  app.get('*', (c) => {
    const p = c.req.path;
    if (p.startsWith('/api/') || p.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(p)) {
      return c.json({ error: 'Not found' }, 404);
    }
    if (!existsSync(indexFile)) {
      return c.text('The PWA is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
}
