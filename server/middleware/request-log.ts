/** One structured log line per request: method, path (secrets redacted), status, duration, request id, user. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { redactPath } from '../lib/redact';

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const { log } = c.get('deps');
  if (!log.isLevelEnabled('info')) return;
  log.info({
    requestId: c.get('requestId'),
    method: c.req.method,
    path: redactPath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    user: c.get('user')?.id,
  });
});
