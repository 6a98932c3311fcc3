/**
 * The REAL server (`tsx server/main.ts`) as a child process on a free port, for browser tests: started
 * with the given environment, waited for until /health answers, stopped with SIGTERM (graceful
 * shutdown; SIGKILL after 10 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = path.resolve(new URL('../../..', import.meta.url).pathname);
/** The built PWA to serve: dist/ by default; E2E_STATIC_DIR lets a run use its own build (e.g. `vite build --outDir /tmp/x`) while others rebuild dist/. */
export const STATIC_DIR = path.resolve(ROOT, process.env.E2E_STATIC_DIR || 'dist');

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

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}) before answering /health:\n${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url}/health within ${timeoutMs / 1000}s:\n${log()}`);
}

/**
 * The environment a browser test's server runs with: this process's, with embedded PGlite in `dir`/data
 * (unless `overrides` names a DATABASE_URL), no demo data, the bot challenge off, mail written as JSON
 * files to `mailDir`, and a bootstrap admin.
 */
export function serverEnv(
  dir: string,
  admin: { adminEmail: string; adminPassword: string; mailDir: string },
  overrides: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // the embedded database in its own fresh directory, unless told otherwise
  delete env.TEST_DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    DEMO_DATA: 'false',
    CHALLENGE_PROVIDER: 'none',
    MAIL_TRANSPORT: 'dir',
    MAIL_DIR: admin.mailDir,
    ADMIN_EMAIL: admin.adminEmail,
    ADMIN_PASSWORD: admin.adminPassword,
    STATIC_DIR,
    LOG_LEVEL: 'warn',
    ...overrides,
  };
}

export interface ServerProcess {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the server on `port` with `env` (merged over this process's environment). */
export async function startServerProcess(port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, stop };
}

/**
 * A server of the calling test file's own (its own data, mail and admin; `overrides` over serverEnv's
 * environment), started before the file's tests and stopped, its files removed, after them.
 */
export function fileServer(name: string, overrides: NodeJS.ProcessEnv) {
  const tmp = mkdtempSync(path.join(tmpdir(), `reunion-e2e-${name}-`));
  const admin = {
    adminEmail: `${name}-admin@reunion.test`,
    adminPassword: `Adm-${randomBytes(6).toString('hex')}`,
    mailDir: path.join(tmp, 'mail'),
  };
  let instance: ServerProcess | undefined;
  beforeAll(async () => {
    instance = await startServerProcess(await freePort(), serverEnv(tmp, admin, overrides));
  }, 120_000);
  afterAll(async () => {
    await instance?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });
  return { admin, baseUrl: () => instance!.baseUrl };
}
