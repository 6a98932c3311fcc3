/**
 * Starts the REAL server on the built PWA for the browser tests: `tsx server/main.ts` as a child
 * process on a free port, with a fresh temporary DATA_DIR (embedded PGlite), no demo data, the bot
 * challenge off, mail written as JSON files to MAIL_DIR, and a bootstrap admin. Stops it with SIGTERM
 * (graceful shutdown) when the run ends, and removes the temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export interface E2EServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  mailDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EServer;
  }
}

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
/** The built PWA to serve: dist/ by default; E2E_STATIC_DIR lets a run use its own build (e.g. `vite build --outDir /tmp/x`) while others rebuild dist/. */
const STATIC_DIR = path.resolve(ROOT, process.env.E2E_STATIC_DIR || 'dist');

function freePort(): Promise<number> {
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

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(STATIC_DIR, 'index.html')) || !existsSync(path.join(STATIC_DIR, 'sw.js'))) {
    throw new Error(`The PWA is not built in ${STATIC_DIR}: run npm run build first.`);
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'reunion-e2e-'));
  const port = await freePort();
  const server: E2EServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminEmail: 'e2e-admin@reunion.test',
    adminPassword: `Adm-${randomBytes(6).toString('hex')}`,
    mailDir: path.join(tmp, 'mail'),
  };
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // always the embedded database in its own fresh directory
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(tmp, 'data'),
    DEMO_DATA: 'false',
    CHALLENGE_PROVIDER: 'none',
    MAIL_TRANSPORT: 'dir',
    MAIL_DIR: server.mailDir,
    ADMIN_EMAIL: server.adminEmail,
    ADMIN_PASSWORD: server.adminPassword,
    PUBLIC_URL: server.baseUrl,
    STATIC_DIR,
    LOG_LEVEL: 'warn',
  });
  let output = '';
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitForHealth(server.baseUrl, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  project.provide('e2e', server);
  return stop;
}
