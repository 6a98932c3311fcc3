/**
 * The production entry point (`server/main.ts`) in a process of its own, as the tests that start the
 * real server need it: node itself with tsx's loader, not `npx tsx` (npm and tsx's own process, each
 * relaying signals), so a signal sent to it reaches the server as an orchestrator's would. Only PATH
 * and HOME come from this process's environment: a developer's own settings never leak in.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Spawns the server with stdout and stderr piped; `env` adds to a test's baseline (no demo data, no challenge). */
export function spawnServer(env: Record<string, string>, opts: { detached?: boolean } = {}): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: opts.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      CHALLENGE_PROVIDER: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}
