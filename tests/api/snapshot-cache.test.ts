/**
 * The arrivals board and the stats summary are cached by database snapshot (server/db/snapshot-cache.ts):
 * every write, through the API or not, by this server or another, shows on the very next request; and
 * while nothing is written the cached bytes are served, the same bytes `c.json()` gave before the cache.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { withDatabase } from '../setup/global-setup';
import { connectPostgres } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { currentSnapshot, snapshotCache, snapshotCachedJson } from '../../server/db/snapshot-cache';
import { COMPRESS_FROM_BYTES } from '../../server/lib/precompressed';
import { listArrivals } from '../../server/services/flights/arrivals';
import { registrationStats } from '../../server/services/registrations/registration-stats';
import { summarizeArrivals } from '../../shared/schemas/arrivals';

// a database of its own: the stats count every registration
const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const DAY = '2025-11-27';
const board = async (token = greeter.token) => {
  const res = await t.api('GET', `/api/flight-info/admin/flight-arrivals?date=${DAY}`, { token });
  expect(res.status).toBe(200);
  return res;
};
const stats = async () => {
  const res = await t.api('GET', '/api/registrations/stats/summary', { token: admin.token });
  expect(res.status).toBe(200);
  return res;
};
const rowOf = (res: { body: any }, id: number) => res.body.arrivals.find((a: any) => a.id === id);

describe('arrivals board: cached by snapshot, never stale', () => {
  it('shows a pickup toggle, and its undo, on the very next request', async () => {
    const reg = await makeRegistration(t.db);
    const f = await makeFlight(t.db, reg.id);
    await board();
    const before = await board(); // served from the cache when nothing was written in between
    expect(rowOf(before, f.id).picked_up).toBe(false);

    const on = await t.api('POST', `/api/flight-info/admin/flight-pickups/${f.id}`, { token: greeter.token, body: { picked_up: true } });
    expect(on.status).toBe(200);
    const after = await board();
    expect(rowOf(after, f.id).picked_up).toBe(true);
    expect(after.body.summary.pickedUp).toBe(before.body.summary.pickedUp + 1);

    const off = await t.api('POST', `/api/flight-info/admin/flight-pickups/${f.id}`, { token: admin.token, body: { picked_up: false } });
    expect(off.status).toBe(200);
    expect(rowOf(await board(admin.token), f.id).picked_up).toBe(false);
  });

  it('shows a registration written outside the API (another process, a script) on the very next request', async () => {
    const before = await board();
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Nadia' });
    const f = await makeFlight(t.db, reg.id);
    const after = await board();
    expect(rowOf(after, f.id)).toMatchObject({ primaryContactName: `Nadia ${reg.primaryLastName}` });
    expect(after.body.summary.totalArrivals).toBe(before.body.summary.totalArrivals + 1);
  });

  it('answers the very bytes and Content-Type that c.json() gave before the cache', async () => {
    const reg = await makeRegistration(t.db, {}, [{ firstName: 'Zoë', lastName: 'Ñúñez', ageCategory: 'child' }]);
    await makeFlight(t.db, reg.id, { specialInstructions: 'Car seat "small" — 婴儿' });
    const first = await board(); // computed
    const second = await board(); // cached (or computed again if another test's database was written)
    const arrivals = await listArrivals(t.db, { date: DAY });
    const expected = JSON.stringify({ arrivals, summary: summarizeArrivals(arrivals) });
    expect(first.text).toBe(expected);
    expect(second.text).toBe(expected);
    expect(second.headers.get('content-type')).toBe('application/json');
  });
});

describe('stats summary: cached by snapshot, never stale', () => {
  it('counts a registration made through the API, and a payment, on the very next request', async () => {
    await stats();
    const before = (await stats()).body;
    const created = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: {
        primary_email: 'snapshot.cache@example.org',
        primary_phone: '+1 555 0102',
        primary_first_name: 'Sara',
        primary_last_name: 'Cache',
        emergency_contact_name: 'Leo Cache',
        emergency_contact_phone: '+1 555 0199',
        attendees: [{ first_name: 'Kid', last_name: 'Cache', age_category: 'child' }],
      },
    });
    expect(created.status).toBe(201);
    const after = (await stats()).body;
    expect(after.registrations.total_count).toBe(before.registrations.total_count + 1);

    const paid = await t.api('POST', `/api/registrations/${created.body.registration.id}/payments`, {
      token: admin.token,
      body: { amount: 25, method: 'cash' },
    });
    expect(paid.status).toBe(201);
    expect((await stats()).body.registrations.total_collected).toBe(after.registrations.total_collected + 25);
    expect((await stats()).text).toBe(JSON.stringify(await registrationStats(t.db)));
  });
});

describe('snapshotCachedJson', () => {
  it('computes once while the snapshot stays, again after any write; keys are independent', async () => {
    let builds = 0;
    const build = async (tx: typeof t.db | Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => {
      builds += 1;
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from registrations`))[0];
    };
    // on PostgreSQL the snapshot is the cluster's: other test files' writes move it too, so try until
    // two reads fall between the same snapshot (then the second must not compute)
    await snapshotCachedJson(t.db, 'test-count', build);
    expect(builds).toBe(1); // a key never asked before
    let proved = false;
    for (let attempt = 0; attempt < 200 && !proved; attempt++) {
      const s1 = await currentSnapshot(t.db);
      const a = await snapshotCachedJson(t.db, 'test-count', build);
      const afterA = builds;
      const b = await snapshotCachedJson(t.db, 'test-count', build);
      const s2 = await currentSnapshot(t.db);
      expect(Buffer.from(b.body).toString()).toBe(Buffer.from(a.body).toString());
      if (s1 === s2) {
        expect(builds).toBe(afterA); // the second read was served from the cache
        proved = true;
      }
    }
    expect(proved).toBe(true);

    const before = JSON.parse(Buffer.from((await snapshotCachedJson(t.db, 'test-count', build)).body).toString()).n;
    await makeRegistration(t.db);
    builds = 0;
    const after = JSON.parse(Buffer.from((await snapshotCachedJson(t.db, 'test-count', build)).body).toString()).n;
    expect(builds).toBe(1);
    expect(after).toBe(before + 1);
    // another key computes its own
    await snapshotCachedJson(t.db, 'test-count-2', build);
    expect(builds).toBe(2);
  });

  it('requests that arrive together at one snapshot share one computation', async () => {
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { ok: true };
    };
    let proved = false;
    for (let attempt = 0; attempt < 200 && !proved; attempt++) {
      await makeRegistration(t.db); // a write: the cache must compute again
      builds = 0;
      const s1 = await currentSnapshot(t.db);
      const answers = await Promise.all(Array.from({ length: 5 }, () => snapshotCachedJson(t.db, 'test-shared', build)));
      const s2 = await currentSnapshot(t.db);
      for (const a of answers) expect(Buffer.from(a.body).toString()).toBe('{"ok":true}');
      if (s1 === s2) {
        expect(builds).toBe(1);
        proved = true;
      }
    }
    expect(proved).toBe(true);
  });

  it.runIf(t.database.driver === 'postgres')('sees a write made through another server instance (its own pool) at once', async () => {
    const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const other = connectPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), { max: 2 });
    try {
      const count = async () =>
        JSON.parse(
          Buffer.from(
            (
              await snapshotCachedJson(
                t.db,
                'test-instances',
                async (tx) => rowsOf(await tx.execute(sql`select count(*)::int as n from registrations`))[0],
              )
            ).body,
          ).toString(),
        ).n as number;
      const before = await count();
      await count();
      await makeRegistration(other.db);
      expect(await count()).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});

describe('snapshotCache().read: one statement tells its own snapshot', () => {
  const mark = (snapshot: string) => ({ snapshot, lastVersion: 0 });
  const text = (c: { body: Uint8Array }) => Buffer.from(c.body).toString();

  it('keeps an answer under the snapshot its statement saw, and serves it to a request that arrives at that snapshot', async () => {
    const cache = snapshotCache({ entries: 4, bytes: 1024 });
    let reads = 0;
    const read = async () => ({ snapshot: 'S2', value: { reads: (reads += 1) } });
    expect(text(await cache.read(t.db, 'k', mark('S1'), read))).toBe('{"reads":1}');
    expect(text(await cache.read(t.db, 'k', mark('S2'), read))).toBe('{"reads":1}');
    expect(text(await cache.read(t.db, 'k', mark('S3'), read))).toBe('{"reads":2}');
    expect(text(await cache.read(t.db, 'other', mark('S2'), read))).toBe('{"reads":3}');
  });

  it('requests arriving at one snapshot while it reads share that read', async () => {
    const cache = snapshotCache({ entries: 4, bytes: 1024 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return { snapshot: 'S5', value: { ok: true } };
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.read(t.db, 'k', mark('S4'), read)));
    expect(answers.map(text)).toEqual(Array(5).fill('{"ok":true}'));
    expect(reads).toBe(1);
  });

  it('answers but does not keep what its statements read at different snapshots, nor anything without a mark', async () => {
    const cache = snapshotCache({ entries: 4, bytes: 1024 });
    let reads = 0;
    const mixed = async () => ({ snapshot: null, value: { reads: (reads += 1) } });
    expect(text(await cache.read(t.db, 'k', mark('S1'), mixed))).toBe('{"reads":1}');
    expect(text(await cache.read(t.db, 'k', mark('S1'), mixed))).toBe('{"reads":2}');
    const kept = async () => ({ snapshot: 'S1', value: { reads: (reads += 1) } });
    expect(text(await cache.read(t.db, 'k', null, kept))).toBe('{"reads":3}');
    expect(text(await cache.read(t.db, 'k', mark('S1'), kept))).toBe('{"reads":4}');
  });
});

describe('a large cached answer, compressed once', () => {
  it('sends the busy board compressed to a client that accepts it, the same JSON, compressed once per snapshot', async () => {
    const reg = await makeRegistration(t.db);
    for (let i = 0; i < 40; i++) await makeFlight(t.db, reg.id);
    const plain = await board();
    expect(plain.text.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const read = (encoding: string) =>
      t.app.request(`/api/flight-info/admin/flight-arrivals?date=${DAY}`, {
        headers: { authorization: `Bearer ${greeter.token}`, 'accept-encoding': encoding },
      });
    const br = await read('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('application/json');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(plain.text.length / 3);
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(plain.text);

    const gz = await read('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(plain.text);

    // a toggle changes the board: the compressed answer is made again from the new one
    const f = plain.body.arrivals.find((a: any) => a.registrationId === reg.id);
    const on = await t.api('POST', `/api/flight-info/admin/flight-pickups/${f.id}`, { token: greeter.token, body: { picked_up: true } });
    expect(on.status).toBe(200);
    const fresh = JSON.parse(brotliDecompressSync(Buffer.from(await (await read('br')).arrayBuffer())).toString('utf8'));
    expect(fresh.arrivals.find((a: any) => a.id === f.id).picked_up).toBe(true);
  });

  it('compresses the same cached bytes once, however many ask', async () => {
    const cached = await snapshotCachedJson(t.db, 'test-compress-once', async () => ({ text: 'x'.repeat(COMPRESS_FROM_BYTES) }));
    const [a, b] = await Promise.all([cached.encoded('br'), cached.encoded('br')]);
    expect(a).toBe(b);
    expect(JSON.parse(brotliDecompressSync(a).toString('utf8')).text).toHaveLength(COMPRESS_FROM_BYTES);
  });

  it('sends a small cached answer (the stats) as it is', async () => {
    const res = await t.app.request('/api/registrations/stats/summary', {
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await res.text()).registrations).toBeDefined();
  });
});
