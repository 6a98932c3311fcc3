/**
 * Builds the Hono app without listening: tests call app.request(), server/main.ts listens (through
 * server/http-server.ts, which compresses). Order: request id → logging → security headers → body
 * limit → identify caller → routes → static PWA.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { ApiError } from './lib/errors';
import { identify } from './middleware/auth';
import { requestLog } from './middleware/request-log';
import { redactPath } from './lib/redact';
import { authRoutes } from './routes/auth';
import { challengeRoutes } from './routes/challenge';
import { configRoutes } from './routes/config';
import { healthRoute } from './routes/health';
import { userRoutes } from './routes/users';
import { adminRoutes } from './routes/admin';
import { staticPwa } from './static';
import { registrationRoutes } from './routes/registrations';
import { checkInRoutes } from './routes/check-in';
import { registrantVerificationRoutes } from './routes/registrant-verification';
import { flightInfoRoutes } from './routes/flight-info';
import { arrivalRoutes } from './routes/flight-info-admin';
import { hotelRoutes } from './routes/hotel-assignments';
import { syncRoutes } from './routes/sync';
import { liveRoutes } from './routes/live';

export const MAX_BODY_BYTES = 1024 * 1024;

// the unread rest of the body would be taken for the next request on this keep-alive connection: say
// the connection ends here, so the client opens a fresh one
const tooLarge = (c: Context) => c.json({ error: 'Request body is too large (1 MB at most)' }, 413, { Connection: 'close' });
const streamedLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });

/**
 * The 1 MB body limit. A body that states its length is judged by that header; only a streamed
 * (chunked) one is counted as it arrives, by hono's bodyLimit. That middleware reads `c.req.raw.body`,
 * which makes @hono/node-server build a full web Request (stream, abort signal, headers) for every
 * request, GETs included: a fifth of a keyed pickup toggle's server CPU (docs/quality.md
 * "Performance"). Without it, a JSON body is read straight from Node's request.
 */
const limitBody: MiddlewareHandler = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined)
    return Number(length) > MAX_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
  return streamedLimit(c, next);
};

/**
 * No API answer is kept by a browser's or a proxy's cache: a signed-in one holds personal data, and the
 * app's own copies live in IndexedDB. A route that says otherwise (the live stream's no-transform) keeps
 * its own.
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

export function buildApp(deps: AppDeps) {
  const api = new Hono<AppEnv>()
    .use(noStore)
    .use(identify)
    .route('/auth', authRoutes)
    .route('/users', userRoutes)
    .route('/admin', adminRoutes)
    .route('/config', configRoutes)
    .route('/challenge', challengeRoutes)
    .route('/health', healthRoute)
    .route('/registrations', registrantVerificationRoutes)
    .route('/registrations', checkInRoutes)
    .route('/registrations', registrationRoutes)
    .route('/flight-info/admin', arrivalRoutes)
    .route('/flight-info', flightInfoRoutes)
    .route('/hotel-assignments', hotelRoutes)
    .route('/sync', syncRoutes)
    .route('/live', liveRoutes)
    .all('/*', (c) => c.json({ error: 'Not found' }, 404));

  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use(requestId())
    .use(requestLog)
    .use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://challenges.cloudflare.com'],
          workerSrc: ["'self'", 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://challenges.cloudflare.com'],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
        },
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginEmbedderPolicy: false,
      }),
    )
    .use(limitBody)
    .route('/health', healthRoute)
    .route('/api', api);

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(err.fields ? { error: err.message, fields: err.fields } : { error: err.message }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 413 ? 'Request body is too large (1 MB at most)' : err.message || 'Bad request';
      return c.json({ error: message }, status, status === 413 ? { Connection: 'close' } : undefined);
    }
    const id = c.get('requestId');
    deps.log.error({ err, requestId: id, path: redactPath(c.req.path) }, 'unhandled error');
    return c.json({ error: `Something went wrong on our side (request ${id}). Please try again.`, requestId: id }, 500);
  });

  staticPwa(app, deps.config.staticDir);
  return app;
}

export type App = ReturnType<typeof buildApp>;
