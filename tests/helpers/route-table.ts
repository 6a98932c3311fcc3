/**
 * The endpoints the built Hono app really serves, read from `app.routes`, so table-driven tests (the
 * permission matrix, the hostile-input property test) fail when an endpoint is added without a row.
 *
 * `app.routes` lists middleware and handlers alike. Left out, because they are not endpoints:
 *   - middleware and catch-alls: method ALL on a wildcard path (request id, headers, body limit, the
 *     JSON 404 of /api/*, the static PWA's cache headers and final 404);
 *   - the static files and the SPA fallback: GET /* (tested on their own in security-headers.test.ts).
 */
import type { Hono } from 'hono';

export interface Endpoint {
  method: string;
  path: string;
  /** `METHOD path`, e.g. `GET /api/registrations/:id`: the key the tables use */
  key: string;
}

export function endpointsOf(app: Pick<Hono<any, any, any>, 'routes'>): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const r of app.routes) {
    const wildcard = r.path.endsWith('*');
    if (wildcard && (r.method === 'ALL' || r.path === '/*')) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key });
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Keys served by the app but missing from `table`, and keys of `table` the app no longer serves. */
export function compareWithApp(app: Pick<Hono<any, any, any>, 'routes'>, tableKeys: Iterable<string>) {
  const served = new Set(endpointsOf(app).map((e) => e.key));
  const listed = new Set(tableKeys);
  return {
    missingRows: [...served].filter((k) => !listed.has(k)).sort(),
    staleRows: [...listed].filter((k) => !served.has(k)).sort(),
  };
}
