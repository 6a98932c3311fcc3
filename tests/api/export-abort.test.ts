/**
 * A registrations export whose download is abandoned (the admin closes the tab, the laptop sleeps)
 * stops reading the database: on a real listening server, the client reads the first rows and hangs up,
 * and the export sends no more of its chunk queries (docs/decisions.md, exports).
 *
 * On PostgreSQL only: embedded PGlite runs each query on the server's own thread without giving the
 * event loop a turn, so this test's client (in the same process) hears nothing until the export is done.
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

describe('an abandoned export', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('stops reading the database once the client has hung up', async () => {
    await t.db.execute(sql`
      insert into registrations (registration_number, primary_email, primary_phone, primary_first_name, primary_last_name, search_text)
      select 'R25-AB' || lpad(n::text, 5, '0'), 'family' || n || '@test.example', '+1 555 0100', 'Ana', 'Family' || n, 'family' || n
      from generate_series(1, ${REGISTRATIONS}) as n`);
    sent.length = 0;

    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/registrations/export', headers: { authorization: `Bearer ${admin.token}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (e) =>
        e.message === 'socket hang up' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(e),
      );
      req.end();
    });
    // what it would have read had it gone on: every chunk (8 of them)
    await new Promise((r) => setTimeout(r, 1500));
    expect(chunkQueries()).toBeLessThan(REGISTRATIONS / 500);
  });
});
