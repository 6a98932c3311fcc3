/**
 * Starting the server where it cannot listen, or on a database it cannot reach (README.md
 * "Configuration"): one line naming the variable to change and exit code 1, not a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/server-process';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rd-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  // a static root that exists: without a build (as in CI before it builds), serving dist/ warns on stderr
  const child = spawnServer({ DATA_DIR: dir, STATIC_DIR: dir, ...env });
  child.stdout.resume(); // read and dropped: a full pipe would hold the server up
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('a server that cannot listen', () => {
  it('stops with one line naming PORT when the port is taken, and one naming HOST for an unknown host', { timeout: 120_000 }, async () => {
    const taken: Server = await new Promise((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const port = (taken.address() as { port: number }).port;
      const inUse = await start({ HOST: '127.0.0.1', PORT: String(port) });
      expect(inUse.code).toBe(1);
      expect(inUse.stderr.trim()).toBe(`PORT ${port} is already in use on 127.0.0.1: stop what listens there, or set PORT to a free port`);
    } finally {
      taken.close();
    }
    const badHost = await start({ HOST: 'no-such-host.invalid', PORT: '0' });
    expect(badHost.code).toBe(1);
    expect(badHost.stderr.trim()).toMatch(/^HOST no-such-host\.invalid is not an address of this machine \(E[A-Z_]+\): set HOST to one/);
  });

  it('stops with one line naming DATABASE_URL, without its password, when no PostgreSQL answers there', { timeout: 60_000 }, async () => {
    const res = await start({ HOST: '127.0.0.1', PORT: '0', DATABASE_URL: 'postgres://reunion:s3cret@127.0.0.1:1/reunion' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('DATABASE_URL: no PostgreSQL answers at 127.0.0.1:1 (ECONNREFUSED): start it, or correct DATABASE_URL');
  });
});
