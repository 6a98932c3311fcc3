/**
 * What the PWA measurements (scripts/lighthouse.ts, scripts/offline-cold-start.ts) share: a fresh
 * database loaded with the demo event, a greeter session made directly in it (the production server
 * wants a bot challenge at sign-in), the PRODUCTION server (NODE_ENV=production, compression, cache
 * headers) serving a built PWA, and Debian's Chromium with a DevTools port and a real profile.
 *
 * Database: a fresh `rd_pwa_<ts>` database on postgres://postgres@127.0.0.1:5432 (PWA_PG_URL to point
 * elsewhere), dropped afterwards; with `pglite: true` an embedded PGlite in a temporary DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import postgres from 'postgres';
import { loadConfig } from '../server/config';
import { connectPostgres, openEmbedded, type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { DEMO_CHECKIN, DEMO_GREETER, seedDemo } from '../server/seed/demo';
import { createSession } from '../server/services/staff/sessions';
import { findUserByEmail } from '../server/services/staff/users';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Headless Chromium (CHROMIUM) with the flags every measuring script here needs, then `extra`. */
export const launchChromium = (extra: string[] = []) =>
  chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', ...extra] });
const SECRET = randomBytes(24).toString('hex');

export const log = (tag: string) => (s: string) => process.stderr.write(`[${tag}] ${s}\n`);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The built PWA to serve: `dir` (default dist/), refused clearly when it was never built. */
export function builtApp(dir = 'dist'): string {
  const abs = path.resolve(ROOT, dir);
  if (!existsSync(path.join(abs, 'index.html')) || !existsSync(path.join(abs, 'sw.js'))) {
    throw new Error(`No built PWA in ${abs}: run \`npm run build\` (or \`npx vite build --outDir ${abs}\`) first.`);
  }
  return abs;
}

export interface PwaDatabase {
  env: Record<string, string>;
  where: string;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function freshDatabase(opts: { pglite?: boolean } = {}): Promise<PwaDatabase> {
  if (opts.pglite) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-pwa-'));
    return {
      env: { DATA_DIR: dataDir },
      where: 'embedded PGlite (temporary DATA_DIR)',
      open: () => openEmbedded(dataDir, 'pwa-measure'),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.PWA_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rd_pwa_${Date.now()}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-pwa-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    where: `PostgreSQL ${url.host}/${name} (fresh, dropped afterwards)`,
    open: async () => connectPostgres(url.toString(), { max: 4 }),
    cleanup: async () => {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Seeded {
  registrations: number;
  arrivals: number;
  busiestDay: string;
  arrivalsOnBusiestDay: number;
  greeterToken: string;
  /** a session of the demo check-in user */
  deskToken: string;
}

/** Migrates, loads the demo event (`normal` ≈150 registrations, `large` 2,000) and signs the demo greeter in. */
export async function seed(db: PwaDatabase, size: 'normal' | 'large'): Promise<Seeded> {
  const database = await db.open();
  try {
    await database.migrate();
    const config = loadConfig({ ...db.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', SESSION_SECRET: SECRET });
    await seedDemo(database.db, config, { size });
    await database.db.execute(sql`analyze`);
    const [counts] = rowsOf<{ r: number; a: number }>(
      await database.db.execute(sql`
        select (select count(*)::int from registrations) as r,
               (select count(*)::int from flights where flight_type = 'arrival' and removed_at is null) as a`),
    );
    const [busiest] = rowsOf<{ d: string; n: number }>(
      await database.db.execute(sql`
        select flight_date::text as d, count(*)::int as n from flights
        where flight_type = 'arrival' and removed_at is null and flight_date is not null
        group by flight_date order by count(*) desc, flight_date limit 1`),
    );
    const greeter = await findUserByEmail(database.db, DEMO_GREETER.email);
    if (!greeter) throw new Error('the demo greeter is missing after seeding');
    const { token } = await createSession(database.db, greeter.id, 'pwa-measure');
    const desk = await findUserByEmail(database.db, DEMO_CHECKIN.email);
    if (!desk) throw new Error('the demo check-in user is missing after seeding');
    const { token: deskToken } = await createSession(database.db, desk.id, 'pwa-measure');
    return {
      registrations: Number(counts.r),
      arrivals: Number(counts.a),
      busiestDay: busiest.d,
      arrivalsOnBusiestDay: Number(busiest.n),
      greeterToken: token,
      deskToken,
    };
  } finally {
    await database.close();
  }
}

export interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Stops a child started in its own process group: SIGTERM to the group, SIGKILL after 10 s. */
function groupStopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 10_000);
    await exited;
    clearTimeout(killer);
  };
}

/** The production server (`node --import tsx server/main.ts`) on a free port, answering /health. */
export async function startServer(db: PwaDatabase, staticDir: string): Promise<Proc> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...db.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      STATIC_DIR: staticDir,
      SESSION_SECRET: SECRET,
      DEMO_DATA: 'false',
      MAIL_TRANSPORT: 'log',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const stop = groupStopper(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering /health:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /health in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, output: () => output, stop };
}

/**
 * Chromium with a DevTools port and a fresh but real (non-incognito) profile, so the service worker,
 * IndexedDB and installability behave as on a phone. `url` is the DevTools HTTP endpoint.
 */
export async function startChromium(): Promise<Proc & { port: number }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'rd-pwa-chrome-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-10_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-10_000)));
  const stopGroup = groupStopper(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      await stopGroup();
      throw new Error(`Chromium did not open its DevTools port in 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: async () => {
      await stopGroup();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
