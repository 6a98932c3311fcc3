/**
 * The floor : a bare Hono app on @hono/node-server, no middleware, no database, answering each
 * benchmarked route with the very bytes the real server answered, from memory. What the real server
 * reaches as a fraction of this is its "ratio to the floor": the cost of everything it does per request
 * (auth, queries, JSON) over the cost of HTTP on this machine.
 *
 * Usage: node --import tsx scripts/bench/floor-server.ts <routes.json>
 * routes.json: [{ name, method, contentType, contentEncoding?, body (base64) }], each served at /<name>
 * (body as it came over the wire, with its Content-Encoding).
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

interface FloorRoute {
  name: string;
  method: 'GET' | 'POST';
  contentType: string;
  contentEncoding?: string;
  body: string;
}

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8')) as FloorRoute[];
const app = new Hono();
for (const r of routes) {
  const bytes = Buffer.from(r.body, 'base64');
  const headers = { 'content-type': r.contentType, ...(r.contentEncoding && { 'content-encoding': r.contentEncoding }) };
  app.on(r.method, `/${r.name}`, (c) => c.body(bytes, 200, headers));
}

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`floor listening at http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => process.exit(0));
