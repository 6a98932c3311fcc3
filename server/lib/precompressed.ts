/**
 * Answers kept in memory (server/db/snapshot-cache.ts) are compressed once, not on every request: a
 * cached answer at least COMPRESS_FROM_BYTES long goes to a client that accepts brotli or gzip as bytes
 * compressed when first asked for, with its `Content-Encoding`, and the HTTP server's compression
 * (server/http-server.ts) leaves an encoded answer alone. The arrivals board of the busiest day (0.7 MB
 * at 2,000 registrations) cost ~6 ms of server CPU per request compressed afresh.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import Negotiator from 'negotiator';

/**
 * Smaller answers go out uncompressed: below a TCP connection's first flight (RFC 6928: 10 segments of
 * 1,460 bytes) an answer takes one round trip compressed or not, and compressing a 3 KB one through a
 * zlib stream cost ~0.23 ms of server CPU (docs/decisions.md "Compression").
 */
export const COMPRESS_FROM_BYTES = 14_600;

export type Encoding = 'br' | 'gzip';

/** A cached JSON answer: its bytes, and the same bytes compressed (made once, when first asked for). */
export interface CachedJson {
  body: Uint8Array<ArrayBuffer>;
  encoded(encoding: Encoding): Promise<Uint8Array<ArrayBuffer>>;
}

/** The Content-Type `c.json()` sets, for answering cached bytes with `c.body()`. */
const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** Answers a cached JSON answer: as it is, or compressed once for a client that accepts it when it is large. */
export async function answerCachedJson(c: Context, cached: CachedJson): Promise<Response> {
  if (cached.body.length < COMPRESS_FROM_BYTES) return c.body(cached.body, 200, JSON_TYPE);
  const encoding = acceptedEncoding(c.req.header('accept-encoding'));
  const headers = { ...JSON_TYPE, vary: 'Accept-Encoding' };
  if (!encoding) return c.body(cached.body, 200, headers);
  return c.body(await cached.encoded(encoding), 200, { ...headers, 'content-encoding': encoding });
}

/** The encoding to send for an `Accept-Encoding` header: brotli before gzip, none when neither is accepted. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  // negotiator's second argument (the server's order among equally accepted encodings, as the HTTP
  // server's compression uses) is missing from its types
  const encoding = negotiator.encoding as (available: string[], preferred: string[]) => string | undefined;
  const chosen = encoding.call(negotiator, ['br', 'gzip'], ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed off the main thread (libuv's pool), brotli at quality 4 like the HTTP server's. */
export async function compressed(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : await gzipped(bytes);
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
