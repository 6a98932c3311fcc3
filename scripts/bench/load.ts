/**
 * One load run with autocannon: `connections` keep-alive connections on loopback for `seconds`. Every
 * response time is kept (autocannon's own histogram has no p95) and the percentiles computed from them.
 */
import autocannon, { type RequestSpec } from 'autocannon';

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** responses that were not 2xx, and connection errors / timeouts */
  non2xx: number;
  errors: number;
}

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** per-request changes (a unique Idempotency-Key, another registration...) */
  setupRequest?: RequestSpec['setupRequest'];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const u = new URL(spec.url);
  const times: number[] = [];
  const instance = autocannon({
    url: `${u.protocol}//${u.host}`,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [
      {
        method: spec.method ?? 'GET',
        path: u.pathname + u.search,
        headers: { ...(spec.body !== undefined && { 'content-type': 'application/json' }), ...spec.headers },
        body: spec.body,
        ...(spec.setupRequest && { setupRequest: spec.setupRequest }),
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    reqPerSec: round(times.length / result.duration, 0),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1] ?? NaN),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
