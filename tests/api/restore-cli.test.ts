/**
 * `npm run restore -- FILE` run as operators run it: a child process restoring into the embedded database
 * of a temp DATA_DIR. The backup comes from the suite's database (PostgreSQL when TEST_DATABASE_URL is
 * set), so on CI this is also a PostgreSQL → PGlite restore.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyPassword } from '../../server/lib/passwords';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-restore-cli-'));
  dirs.push(dir);
  return dir;
}

function runRestore(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // a clean environment: no DATABASE_URL, so the restore goes into the embedded database in DATA_DIR
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/restore.ts', ...args], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Rows per public table of DATA_DIR's embedded database (opened once the CLI has exited). */
async function countsIn(dataDir: string) {
  const database = await openDatabase({ dataDir }, 'test');
  try {
    const tables = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    );
    const out: Record<string, number> = {};
    for (const { name } of tables) {
      out[name] = Number(
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n,
      );
    }
    if (!('users' in out)) return { counts: out, hash: undefined };
    const [hash] = rowsOf<{ h: string }>(
      await database.db.execute(sql`select password_hash as h from users where email = 'cli-admin@test.example'`),
    );
    return { counts: out, hash: hash?.h };
  } finally {
    await database.close();
  }
}

let file: string;
let fileRows: Record<string, number>;

beforeAll(async () => {
  const t = await createTestApp();
  const admin = await t.makeUser('admin', { email: 'cli-admin@test.example', password: 'cli-pass-123' });
  await makeRegistration(t.db, { attendees: [{ firstName: 'Ike', lastName: 'Family' }], payments: [50], flights: [{}] });
  const res = await t.app.request('/api/admin/backup', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  fileRows = JSON.parse(text.trim().split('\n').at(-1)!).rows;
  file = path.join(tempDir(), 'reunion-desk-backup.ndjson');
  writeFileSync(file, text);
});

describe('npm run restore', () => {
  it(
    'restores into an empty DATA_DIR; a second restore there is refused in one line and changes nothing',
    { timeout: 300_000 },
    async () => {
      const dir = tempDir();
      const first = await runRestore(dir, file);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /^Restored \d+ rows of \d+ tables \(backup taken .+\) into the embedded database in .+ in [\d.]+ s\. Staff sign in again with their passwords\.\n$/,
      );
      const restored = await countsIn(dir);
      for (const [table, n] of Object.entries(fileRows)) expect(restored.counts[table], table).toBe(n);
      expect(restored.counts.sessions).toBe(0);
      expect(await verifyPassword(restored.hash!, 'cli-pass-123')).toBe(true);

      const again = await runRestore(dir, file);
      expect(again.code).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr).toMatch(
        /^Error: The target database is not empty \(table \w+ has rows\); restore only into an empty database\. Nothing was written\.\n$/,
      );
      expect(await countsIn(dir)).toEqual(restored);
    },
  );

  it('refuses a damaged file in one line and leaves the DATA_DIR empty', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const text = readFileSync(file, 'utf8');
    const cut = path.join(tempDir(), 'cut.ndjson');
    writeFileSync(cut, text.slice(0, text.lastIndexOf('{"end"')));
    const res = await runRestore(dir, cut);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('Error: The backup file is incomplete (it has no end line): the download was probably cut short.\n');
    expect((await countsIn(dir)).counts).toEqual({});
  });

  it('asks for one file, and names a missing one', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const none = await runRestore(dir);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Error: A backup file is required\. Usage: npm run restore -- FILE/);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await runRestore(dir, 'no-such-backup.ndjson');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('Error: No such file: no-such-backup.ndjson\n');
  });

  it('refuses while a server holds the embedded database, without touching it', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const lock = path.join(dir, 'pglite.lock');
      writeFileSync(lock, `${server.pid}\nserver\n`);
      const res = await runRestore(dir, file);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^Error: The embedded database in .+ is in use by the server \(pid \d+\)\. /);
      expect(readFileSync(lock, 'utf8')).toBe(`${server.pid}\nserver\n`);
    } finally {
      server.kill();
    }
  });
});
