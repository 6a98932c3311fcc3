/**
 * The HTTP server around the Hono app: @hono/node-server's request listener behind the `compression`
 * middleware (expressjs), which gzips or brotli-compresses a large answer for a client that accepts
 * it, with Node's native zlib. Compression sits here rather than in the app (hono's `compress`):
 * that middleware pipes every JSON answer, even a 150-byte one, through a web `CompressionStream` and
 * makes @hono/node-server build a full web `Response` for it, which tripled the health check's CPU for a
 * browser's request (docs/quality.md "Performance"). API answers under COMPRESS_FROM_BYTES go as they are,
 * answers marked `Cache-Control: no-transform` (the live stream) are never compressed, and an answer the
 * app encoded itself (server/lib/precompressed.ts) is left alone.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { COMPRESS_FROM_BYTES } from './lib/precompressed';

type Fetch = Parameters<typeof getRequestListener>[0];
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * `hostname`: the host a request without a `Host` header (HTTP/1.0) is taken to be addressed to.
 *
 * The thresholds judge an answer by its `Content-Length` header. @hono/node-server sends one for a
 * string or bytes body when the answer's headers are a `Headers` object, which the app's
 * `secureHeaders` makes them on every answer; without it, every answer would be compressed whatever its
 * size (`tests/api/compression.test.ts` checks that a small one is not).
 */
export function createHttpServer(fetch: Fetch, opts: { hostname?: string } = {}) {
  const listener = getRequestListener(fetch, { hostname: opts.hostname });
  // the API's answers from a first flight up; the PWA's files (scripts, styles, the page) from 1 KB, as
  // they are fetched once and then kept by the service worker
  const compressAnswer = compression({ threshold: COMPRESS_FROM_BYTES }) as unknown as Middleware;
  const compressFile = compression({ threshold: 1024 }) as unknown as Middleware;
  return createServer((req, res) => {
    const compress = req.url?.startsWith('/api/') ? compressAnswer : compressFile;
    compress(req, res, () => void listener(req, res));
  });
}
