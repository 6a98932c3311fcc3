/**
 * A registrations export on a real listening server (docs/decisions.md, exports). Abandoned (the admin
 * closes the tab, the laptop sleeps), it stops reading the database: the client reads the first rows and
 * hangs up, and the export sends no more of its chunk queries. Running, it does not hold up the requests
 * that arrive meanwhile.
 * On embedded PGlite too, whose queries run on the server's own thread: the export gives the event loop
 * a turn between chunks, so the hang-up is heard (and other requests are served meanwhile).
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../server/http-server';
import { createTestApp } from '../helpers/app';
import { loggedDatabase } from '../helpers/db';

// every statement the app's drizzle sends outside a transaction, by its text
const { database, sent } = await loggedDatabase();
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');
const server = createHttpServer(t.app.fetch);
server.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const REGISTRATIONS = 4000;
// the export reads its rows 500 registrations at a time, each chunk by its ids
const chunkQueries = () => sent.filter((q) => /from "registrations"/.test(q) && /= any\(/.test(q)).length;

/** GET `path` on the listening server: its status and when its answer ended. */
function get(path: string, token?: string) {
  return new Promise<{ status: number; endedAt: number }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, endedAt: performance.now() }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a long export', () => {
  it('stops reading the database once the client has hung up', async () => {
    await t.db.execute(sql`
      insert into registrations (registration_number, primary_email, primary_phone, primary_first_name, primary_last_name, search_text)
      select 'R25-AB' || lpad(n::text, 5, '0'), 'family' || n || '@test.example', '+1 555 0100', 'Ana', 'Family' || n, 'family' || n
      from generate_series(1, ${REGISTRATIONS}) as n`);
    sent.length = 0;

    // the client reads the answer's first bytes, then hangs up
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/registrations/export', headers: { authorization: `Bearer ${admin.token}` } },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', (e) =>
        e.message === 'socket hang up' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e),
      );
      req.end();
    });
    expect(status).toBe(200);
    // what it would have read had it gone on: every chunk (8 of them); it had read at least the first
    await new Promise((r) => setTimeout(r, 1500));
    expect(chunkQueries()).toBeGreaterThan(0);
    expect(chunkQueries()).toBeLessThan(REGISTRATIONS / 500);
  });

  it("does not hold other requests up: a greeter's request sent after it starts is answered before it ends", async () => {
    sent.length = 0;
    const exported = get('/api/registrations/export', admin.token);
    // once its first chunk has been read
    await expect.poll(chunkQueries, { interval: 1 }).toBeGreaterThan(0);
    const health = await get('/api/health');
    const { status, endedAt } = await exported;
    expect(status).toBe(200);
    expect(health.status).toBe(200);
    expect(health.endedAt).toBeLessThan(endedAt);
    expect(chunkQueries()).toBe(REGISTRATIONS / 500);
  });
});
