/**
 * The backup round trip, on whichever database the suite runs on: data made through the API, a backup
 * downloaded while the server keeps writing, `restoreBackup` into an empty database, a second app on it,
 * and every read compared with the first app's answers. Also: the file names every table of the schema,
 * a non-empty database and a damaged file are refused without a write.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { emptyDatabase } from '../helpers/db';
import { rowsOf } from '../../server/db/rows';
import { backupTables, NEWER_DATABASE, NOT_BACKED_UP, schemaTables } from '../../server/services/operations/backup';
import { backupFileLines, restoreBackup, RestoreError } from '../../server/services/operations/restore';
import type { Database } from '../../server/db/client';

const dir = mkdtempSync(path.join(tmpdir(), 'rd-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const src = await createTestApp();
const admin = await src.makeUser('admin', { email: 'backup-admin@test.example', password: 'admin-pass-123' });

/** The backup as the admin's browser gets it. */
async function download(t: TestApp, token: string) {
  const res = await t.app.request('/api/admin/backup', { headers: { authorization: `Bearer ${token}` } });
  return { res, text: await res.text() };
}

function save(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function ok<T = any>(p: Promise<{ status: number; body: T; text: string }>, status = 200) {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(status);
  return r.body;
}

/** Rows per table of the public schema (what "nothing was written" is checked against). */
async function tableCounts(database: Database) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`));
    out[name] = Number(r.n);
  }
  return out;
}

const regIds: number[] = [];
const regNumbers: string[] = [];

/** A small event made through the API: every kind of row the product writes. */
async function makeEvent() {
  const auth = { token: admin.token };
  await ok(
    src.api('POST', '/api/users', {
      ...auth,
      body: { email: 'greeter-one@test.example', password: 'greeter-pass-1', role: 'greeter', first_name: 'Gina', last_name: 'Greeter' },
    }),
    201,
  );
  const disabled = await ok(
    src.api('POST', '/api/users', {
      ...auth,
      body: { email: 'gone@test.example', password: 'gone-pass-123', role: 'greeter', first_name: 'Gus', last_name: 'Gone' },
    }),
    201,
  );
  await ok(src.api('PUT', `/api/users/${disabled.user.id}`, { ...auth, body: { disabled: true } }));

  const people = [
    ['Nia', 'Okafor', 'Lagos Road 1\nFlat 2'],
    ['José', 'Müller', 'Calle 5'],
    ['Ana', 'Lindqvist', null],
  ] as const;
  for (const [first, last, line1] of people) {
    const reg = await ok(
      src.api('POST', '/api/registrations', {
        ...auth,
        body: {
          primary_email: `${first.toLowerCase()}.${last.toLowerCase()}@test.example`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
          primary_phone: '+1 555 0100',
          primary_first_name: first,
          primary_last_name: last,
          primary_age_category: 'adult',
          address_line1: line1,
          notes: 'Staff note',
          attendees: [{ first_name: 'Ike', last_name: last, age_category: 'child', age: 7, relationship: 'child' }],
        },
      }),
      201,
    );
    const id = reg.id ?? reg.registration?.id;
    regIds.push(id);
    const detail = await ok(src.api('GET', `/api/registrations/${id}`, auth));
    regNumbers.push(detail.registration_number ?? detail.registration?.registration_number);
  }
  const [a, b, c] = regIds;
  await ok(
    src.api('POST', `/api/registrations/${a}/attendees`, {
      ...auth,
      body: { first_name: 'Tobi', last_name: 'Okafor', relationship: 'child', age_category: 'child' },
    }),
    201,
  );
  await ok(src.api('PUT', `/api/registrations/${b}`, { ...auth, body: { city: 'Conroe', discount_percentage: 12.5 } }));
  await ok(
    src.api('POST', `/api/registrations/${a}/payments`, { ...auth, body: { amount: 100.25, method: 'cash', note: 'At the desk' } }),
    201,
  );
  await ok(src.api('POST', `/api/registrations/${a}/payments`, { ...auth, body: { amount: -20, method: 'cash', note: 'Refund' } }), 201);
  await ok(src.api('POST', `/api/registrations/${c}/cancel`, { ...auth, body: { reason: 'Plans changed' } }));

  const flight = (n: string, time: string) => ({
    flightType: 'arrival',
    airline: 'United Airlines',
    flightNumber: n,
    flightDate: '2025-11-27',
    flightTime: time,
    airport: 'IAH',
    adultsCount: 2,
    specialInstructions: 'Wheelchair\r\nat gate',
  });
  await ok(
    src.api('POST', '/api/flight-info/submit-verified', {
      ...auth,
      body: {
        registrationId: a,
        needsTransportation: true,
        flights: [flight('UA 512', '14:30'), { ...flight('UA 900', '09:05'), flightType: 'departure', flightDate: '2025-11-30' }],
      },
    }),
  );
  await ok(
    src.api('POST', '/api/flight-info/submit-verified', {
      ...auth,
      body: { registrationId: b, needsTransportation: true, flights: [flight('DL 77', '16:45')] },
    }),
  );
  const arrivals = await ok(src.api('GET', '/api/flight-info/admin/flight-arrivals?date=2025-11-27', auth));
  const flightIds: number[] = JSON.stringify(arrivals)
    .match(/"id":\d+/g)!
    .map((m) => Number(m.slice(5)));
  expect(flightIds.length).toBeGreaterThan(0);
  await ok(
    src.api('POST', `/api/flight-info/admin/flight-pickups/${flightIds[0]}`, {
      ...auth,
      body: { picked_up: true, deviceId: 'phone-1' },
      headers: { 'idempotency-key': 'backup-test-key-1' },
    }),
  );

  await ok(
    src.api('POST', '/api/hotel-assignments/import', {
      ...auth,
      raw: 'Guest,Confirmation,Room Type,Check In,Check Out\nNia Okafor,HX-1,King,2025-11-26,2025-11-30\nPat Nobody,HX-2,Queen,,\nDee Leted,HX-3,,,\n',
      headers: { 'content-type': 'text/csv' },
    }),
  );
  const unmatched = await ok(src.api('GET', '/api/hotel-assignments/unmatched', auth));
  const list: { id: number; confirmation_number?: string; confirmationNumber?: string }[] =
    unmatched.assignments ?? unmatched.items ?? unmatched;
  const byConf = (c: string) => list.find((x) => (x.confirmation_number ?? x.confirmationNumber) === c)!.id;
  await ok(src.api('POST', `/api/hotel-assignments/${byConf('HX-1')}/match`, { ...auth, body: { registrationId: a } }));
  await ok(src.api('DELETE', `/api/hotel-assignments/${byConf('HX-3')}`, auth), 204);
}

const withoutServerTime = (body: unknown) => JSON.parse(JSON.stringify(body, (k, v) => (k === 'serverTime' ? undefined : v)));

/** Every read the staff screens make, as one comparable object. */
async function reads(t: TestApp, token: string) {
  // the answer's own clock is the one value that is not data
  const get = async (url: string) => withoutServerTime(await ok(t.api('GET', url, { token })));
  const out: Record<string, unknown> = {};
  for (const url of [
    '/api/users',
    '/api/registrations?limit=100',
    '/api/registrations?limit=100&status=cancelled',
    '/api/registrations?search=okafor',
    '/api/registrations/stats/summary',
    '/api/flight-info/admin/flight-arrivals',
    '/api/flight-info/admin/flight-arrivals?date=2025-11-27',
    '/api/hotel-assignments',
    '/api/hotel-assignments/unmatched',
    '/api/sync/registrations',
    '/api/sync/arrivals',
    '/api/sync/hotel',
  ]) {
    out[url] = await get(url);
  }
  for (const id of regIds) {
    for (const suffix of ['', '/payments', '/history'])
      out[`/api/registrations/${id}${suffix}`] = await get(`/api/registrations/${id}${suffix}`);
    out[`/api/flight-info/registration/${id}`] = await get(`/api/flight-info/registration/${id}`);
  }
  out.export = (await t.api('GET', '/api/registrations/export', { token })).text;
  out.arrivalsExport = (await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=2025-11-27', { token })).text;
  return out;
}

async function signIn(t: TestApp, email: string, password: string) {
  return t.api('POST', '/api/auth/login', { body: { email, password } });
}

let file: string;
let before: Record<string, unknown>;

beforeAll(async () => {
  await makeEvent();
  before = await reads(src, admin.token);
});

describe('GET /api/admin/backup', () => {
  it('is an NDJSON attachment named by the time, and its download is in the audit log', async () => {
    const { res, text } = await download(src, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reunion-desk-backup-\d{8}-\d{6}\.ndjson"$/);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      format: 'reunion-desk-backup',
      version: 1,
      migration: expect.any(String),
      created_at: expect.any(String),
    });
    expect(lines.at(-1)).toMatchObject({ end: true });
    const logged = rowsOf<{ actor: string }>(await src.db.execute(sql`select actor from audit_log where action = 'backup.download'`));
    expect(logged.map((r) => r.actor)).toContain(admin.email);
  });

  it('holds every table of the schema but the ones left out on purpose, and every table the database has', async () => {
    const { text } = await download(src, admin.token);
    const header = JSON.parse(text.slice(0, text.indexOf('\n')));
    const inSchema = schemaTables().map((t) => t.name);
    expect(header.tables).toEqual(backupTables().map((t) => t.name));
    expect([...header.tables, ...NOT_BACKED_UP].sort()).toEqual([...inSchema].sort());
    // a table made by a migration but missing from the drizzle schema would be missed: there is none
    expect(Object.keys(await tableCounts(src.database)).sort()).toEqual([...inSchema].sort());
    // every non-empty table's rows are in the file
    const rowTables = new Set(
      text
        .split('\n')
        .filter((l) => l.startsWith('{"table":'))
        .map((l) => JSON.parse(l).table),
    );
    for (const [name, n] of Object.entries(await tableCounts(src.database))) {
      if (n > 0 && !NOT_BACKED_UP.has(name)) expect(rowTables, name).toContain(name);
    }
  });

  it('from a server older than the database (a roll-out still under way) is refused with a sentence, not an empty file', async () => {
    const newer = await createTestApp();
    const who = await newer.makeUser('admin');
    await newer.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', 9999999999999)`);
    const res = await newer.app.request('/api/admin/backup', { headers: { authorization: `Bearer ${who.token}` } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(NEWER_DATABASE);
  });

  it('is one instant: a write made while the download runs is not in it', async () => {
    const res = await src.app.request('/api/admin/backup', { headers: { authorization: `Bearer ${admin.token}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    expect(text).toContain('"format":"reunion-desk-backup"');
    // the snapshot is taken; a greeter's write lands now (on PGlite it waits for the backup's transaction)
    const late = src.api('POST', '/api/registrations', {
      token: admin.token,
      body: {
        primary_email: 'late@test.example',
        primary_phone: '+1 555 0101',
        primary_first_name: 'Late',
        primary_last_name: 'Comer',
        primary_age_category: 'adult',
      },
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const made = await late;
    expect(made.status, made.text).toBe(201);
    expect(text).not.toContain('late@test.example');
    file = save('during-writes.ndjson', text);
  });
});

describe('an abandoned download', () => {
  it('ends its transaction: the next backup and writes go through', async () => {
    const res = await src.app.request('/api/admin/backup', { headers: { authorization: `Bearer ${admin.token}` } });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const { res: next, text } = await download(src, admin.token);
    expect(next.status).toBe(200);
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^\{"end":true/);
  });
});

describe('restore', () => {
  let restored: TestApp;
  let target: Database;

  beforeAll(async () => {
    target = await emptyDatabase();
    const result = await restoreBackup(target, backupFileLines(file));
    expect(result.rows).toBeGreaterThan(0);
    restored = await createTestApp({}, { database: target });
  });

  it('answers every read exactly as the old server did when the backup was taken', async () => {
    const login = await signIn(restored, admin.email, 'admin-pass-123');
    expect(login.status, login.text).toBe(200);
    const after = await reads(restored, login.body.token);
    for (const key of Object.keys(before)) expect(after[key], key).toEqual(before[key]);
  });

  it('lets staff sign in with their old passwords, and not a disabled one', async () => {
    expect((await signIn(restored, 'greeter-one@test.example', 'greeter-pass-1')).status).toBe(200);
    expect((await signIn(restored, 'greeter-one@test.example', 'wrong-pass-1')).status).toBe(401);
    expect((await signIn(restored, 'gone@test.example', 'gone-pass-123')).status).not.toBe(200);
  });

  it('does not carry sessions over: the old bearer token is refused', async () => {
    expect((await restored.api('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);
  });

  it('goes on numbering after the restored rows (ids, registration numbers, sync versions)', async () => {
    const login = await signIn(restored, admin.email, 'admin-pass-123');
    const token = login.body.token;
    const maxOf = async (table: string, col: string) =>
      Number(
        rowsOf<{ m: string }>(await target.db.execute(sql`select max(${sql.identifier(col)})::text as m from ${sql.identifier(table)}`))[0]
          .m,
      );
    const [maxId, maxVersion] = [await maxOf('registrations', 'id'), await maxOf('registrations', 'version')];
    const made = await ok(
      restored.api('POST', '/api/registrations', {
        token,
        body: {
          primary_email: 'after@test.example',
          primary_phone: '+1 555 0102',
          primary_first_name: 'After',
          primary_last_name: 'Restore',
          primary_age_category: 'adult',
        },
      }),
      201,
    );
    const id = made.id ?? made.registration?.id;
    expect(id).toBeGreaterThan(maxId);
    expect(await maxOf('registrations', 'version')).toBeGreaterThan(maxVersion);
    const detail = await ok(restored.api('GET', `/api/registrations/${id}`, { token }));
    const number = detail.registration_number ?? detail.registration?.registration_number;
    expect(regNumbers).not.toContain(number);
  });

  it('refuses a database that holds data, in one sentence, and writes nothing', async () => {
    const counts = await tableCounts(target);
    const err = await restoreBackup(target, backupFileLines(file)).catch((e) => e);
    expect(err).toBeInstanceOf(RestoreError);
    expect(err.message).toMatch(
      /^The target database is not empty \(table \w+ has rows\); restore only into an empty database\. Nothing was written\.$/,
    );
    expect(await tableCounts(target)).toEqual(counts);
  });
});

describe('restore refuses a file that is not a whole backup of this version, before any write', () => {
  const cases: [string, (text: string) => string, RegExp][] = [
    ['not a backup', () => 'hello\n', /^This file is not a Reunion Desk backup/],
    [
      'another format version',
      (t) => t.replace('"version":1', '"version":99'),
      /^This backup is format version 99; this version of Reunion Desk reads version 1\.$/,
    ],
    [
      'another migration',
      (t) => t.replace(/"migration":"[^"]+"/, '"migration":"0999_future"'),
      /^This backup was taken at database migration 0999_future; /,
    ],
    ['cut short', (t) => t.slice(0, Math.floor(t.length * 0.6)), /^The backup file (is incomplete|is damaged)/],
    [
      'a row edited out',
      (t) => t.replace(/\n\{"table":"payments"[^\n]*/, ''),
      /^The backup file is damaged: it holds \d+ rows of payments where its end line says \d+\.$/,
    ],
    ['not JSON', (t) => t.replace('{"table":', '{table:'), /^The backup file is damaged: line 2 is not JSON\.$/],
    [
      'a table before one it references',
      (t) => {
        const lines = t.split('\n');
        const users = lines.filter((l) => l.startsWith('{"table":"users"'));
        const rest = lines.filter((l) => !l.startsWith('{"table":"users"'));
        rest.splice(
          rest.findIndex((l) => l.startsWith('{"sequence"')),
          0,
          ...users,
        );
        return rest.join('\n');
      },
      /^The backup file is damaged: line \d+ puts users after \w+, which references it\.$/,
    ],
    ['an unknown table', (t) => t.replace('{"table":"users"', '{"table":"secrets"'), /unknown table "secrets"/],
    ['empty', () => '', /^(The backup file is empty|This file is not a Reunion Desk backup)/],
  ];
  let target: Database;
  beforeAll(async () => {
    target = await emptyDatabase();
  });
  afterAll(() => target.close());

  for (const [name, edit, message] of cases) {
    it(name, async () => {
      const bad = save(`bad-${name.replace(/\W/g, '-')}.ndjson`, edit(readFileSync(file, 'utf8')));
      const err = await restoreBackup(target, backupFileLines(bad)).catch((e) => e);
      expect(err).toBeInstanceOf(RestoreError);
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain('\n');
      // not even migrated
      expect(await tableCounts(target)).toEqual({});
    });
  }
});
