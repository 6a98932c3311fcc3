/**
 * Starts the REAL server on the built PWA for the browser tests: `tsx server/main.ts` as a child
 * process on a free port, with a fresh temporary DATA_DIR (embedded PGlite), no demo data, the bot
 * challenge off, mail written as JSON files to MAIL_DIR, and a bootstrap admin. Stops it with SIGTERM
 * (graceful shutdown) when the run ends, and removes the temporary directory.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, serverEnv, STATIC_DIR, startServerProcess, type ServerProcess } from './helpers/server-process';

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
  const env = serverEnv(tmp, server, { PUBLIC_URL: server.baseUrl });
  let child: ServerProcess;
  try {
    child = await startServerProcess(port, env);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const stop = async () => {
    await child.stop();
    rmSync(tmp, { recursive: true, force: true });
  };
  project.provide('e2e', server);
  return stop;
}
