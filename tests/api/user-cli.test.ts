/**
 * `npm run user -- …` run as operators run it: a child process on an embedded database in a temp
 * DATA_DIR (always PGlite, whatever TEST_DATABASE_URL says: the lock only exists for the embedded one).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { auditLog, sessions, users } from '../../server/db/schema';
import { createSession, userForToken } from '../../server/services/staff/sessions';
import { verifyPassword } from '../../server/lib/passwords';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-user-cli-'));
  dirs.push(dir);
  return dir;
}

function runCli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // a clean environment: no DATABASE_URL, so the CLI opens the embedded database in DATA_DIR
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/user.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Opens the CLI's database in this process between runs (the CLI has exited, so the lock is free). */
async function withDb<T>(dataDir: string, fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir }, 'test');
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run user', () => {
  it('adds, lists, resets a password and disables users, signing them out', { timeout: 180_000 }, async () => {
    const dir = tempDataDir();
    const add = await runCli(
      dir,
      'add',
      '--email',
      'Ana.Silva@Example.org',
      '--password',
      'first-pass',
      '--role',
      'admin',
      '--first-name',
      'Ana',
      '--last-name',
      'Silva',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('Added admin ana.silva@example.org (Ana Silva');
    const greeter = await runCli(
      dir,
      'add',
      '--email',
      'greeter@example.org',
      '--password',
      'greet-pass',
      '--role',
      'greeter',
      '--first-name',
      'Gil',
      '--last-name',
      'Reyes',
    );
    expect(greeter.code).toBe(0);

    const list = await runCli(dir, 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ana\.silva@example\.org\s+admin\s+Ana Silva\s+active/);
    expect(list.stdout).toMatch(/greeter@example\.org\s+greeter\s+Gil Reyes\s+active/);
    const json = JSON.parse((await runCli(dir, 'list', '--json')).stdout);
    expect(json.map((u: { email: string }) => u.email).sort()).toEqual(['ana.silva@example.org', 'greeter@example.org']);

    // the same email twice is refused
    const dup = await runCli(
      dir,
      'add',
      '--email',
      'ana.silva@example.org',
      '--password',
      'other-pass',
      '--role',
      'greeter',
      '--first-name',
      'A',
      '--last-name',
      'B',
    );
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('Error: A user with this email already exists');

    // sign both in, then reset the admin's password and disable the greeter
    const [adminToken, greeterToken] = await withDb(dir, async (db) => {
      const [a] = await db.select().from(users).where(eq(users.email, 'ana.silva@example.org'));
      const [g] = await db.select().from(users).where(eq(users.email, 'greeter@example.org'));
      return [(await createSession(db, a.id)).token, (await createSession(db, g.id)).token];
    });
    const reset = await runCli(dir, 'reset-password', '--email', 'ANA.SILVA@example.org', '--password', 'second-pass');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Password reset for ana.silva@example.org');
    const disable = await runCli(dir, 'disable', '--email', 'greeter@example.org');
    expect(disable.code).toBe(0);
    expect(disable.stdout).toContain('Disabled greeter@example.org');

    await withDb(dir, async (db) => {
      const [a] = await db.select().from(users).where(eq(users.email, 'ana.silva@example.org'));
      expect(await verifyPassword(a.passwordHash, 'second-pass')).toBe(true);
      expect(await verifyPassword(a.passwordHash, 'first-pass')).toBe(false);
      expect(await userForToken(db, adminToken)).toBeNull();
      expect(await userForToken(db, greeterToken)).toBeNull();
      const [g] = await db.select().from(users).where(eq(users.email, 'greeter@example.org'));
      expect(g.disabled).toBe(true);
      const live = await db.select().from(sessions).where(eq(sessions.userId, g.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      // every change is audited as the CLI
      const trail = await db.select().from(auditLog).where(eq(auditLog.actor, 'cli'));
      expect(trail.map((r) => r.action).sort()).toEqual(['user.create', 'user.create', 'user.update', 'user.update+password']);
    });

    const unknown = await runCli(dir, 'disable', '--email', 'nobody@example.org');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: No user with email nobody@example.org');
  });

  it('refuses bad arguments with one clear line and exit code 1, before touching any database', { timeout: 120_000 }, async () => {
    const dir = tempDataDir();
    const cases: [string[], string][] = [
      [[], 'Error: A command is required.'],
      [['frobnicate'], 'Error: Unknown command: frobnicate'],
      [
        ['add', '--email', 'not-an-email', '--password', 'secret1', '--role', 'admin', '--first-name', 'A', '--last-name', 'B'],
        'Error: --email: Invalid email',
      ],
      [
        ['add', '--email', 'a@example.org', '--password', 'abc', '--role', 'admin', '--first-name', 'A', '--last-name', 'B'],
        'Error: --password: Password must be at least 6 characters',
      ],
      [
        ['add', '--email', 'a@example.org', '--password', 'secret1', '--role', 'boss', '--first-name', 'A', '--last-name', 'B'],
        'Error: --role: Role must be admin, greeter or checkin',
      ],
      [
        ['add', '--email', 'a@example.org', '--password', 'secret1', '--role', 'admin', '--last-name', 'B'],
        'Error: --first-name: First name is required',
      ],
      [['disable'], 'Error: --email is required for disable'],
      [['reset-password', '--email', 'a@example.org'], 'Error: --password is required for reset-password'],
      [['list', '--bogus'], 'Error: Unknown option: --bogus'],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(dir, ...args)));
    for (const [i, [args, message]] of cases.entries()) {
      const res = results[i];
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.split('\n')[0], args.join(' ')).toContain(message);
      expect(res.stdout).toBe('');
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses clearly, and leaves the files alone, while the server holds the embedded database', { timeout: 60_000 }, async () => {
    const dir = tempDataDir();
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const lock = path.join(dir, 'pglite.lock');
      writeFileSync(lock, `${server.pid}\nserver\n`);
      const res = await runCli(
        dir,
        'add',
        '--email',
        'x@example.org',
        '--password',
        'secret1',
        '--role',
        'admin',
        '--first-name',
        'X',
        '--last-name',
        'Y',
      );
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(
        `Error: The embedded database in ${dir} is in use by the server (pid ${server.pid}). Stop it first, or use the admin screens while it runs.`,
      );
      expect(readFileSync(lock, 'utf8')).toBe(`${server.pid}\nserver\n`);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      server.kill();
    }
  });
});
