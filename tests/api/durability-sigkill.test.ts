/**
 * Durability : the real server (`npx tsx server/main.ts`) is killed with SIGKILL in the middle
 * of a burst of pickup toggles and registration edits; after a restart on the same data, every change the
 * server acknowledged with a 200 is there. Runs on embedded PGlite in a temporary DATA_DIR and, when
 * TEST_DATABASE_URL is set, on a fresh PostgreSQL database too.
 *
 * Each flight and each registration gets one chain of writes, one request at a time, so "the last
 * acknowledged write" is well defined. The write in flight when the server died may or may not have
 * landed; anything older must have. What is checked after the restart:
 *   - every flight shows its last acknowledged toggle, or the one after it;
 *   - every acknowledged pickup's Idempotency-Key replays as the same stored answer (the op record
 *     was committed together with its effect);
 *   - every registration shows its last acknowledged edit, or the one after it, and the history
 *     (audit log) holds an entry for every acknowledged edit.
 * And the graceful stop : on SIGTERM the server logs it, closes and exits well before its
 * forced exit, and the embedded database opens again in a new server with every write.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { withDatabase } from '../setup/global-setup';
import { ROOT, spawnServer } from '../helpers/server-process';

const ADMIN = {
  email: 'durable-admin@test.example',
  password: 'durable-pass-1',
};
const CHAINS = 8;
/** SIGKILL once this many writes were acknowledged (while the others are still in flight) */
const KILL_AFTER_ACKS = 120;

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** everything the server printed so far */
  output: () => string;
}

/** Starts the server (`node --import tsx server/main.ts`) in its own process group and waits for its "running at" line. */
async function startServer(env: Record<string, string>): Promise<Server> {
  // in a process group of its own: a signal sent to the group reaches the server with no wrapper in between
  const child = spawnServer(
    {
      HOST: '127.0.0.1',
      PORT: '0',
      MAIL_TRANSPORT: 'log',
      STATIC_DIR: path.join(ROOT, '.tmp', 'no-static'),
      SESSION_SECRET: 'durability-secret-durability-secret-000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    { detached: true },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => reject(new Error(`server exited (${code}) before starting:\n${output}`)));
  });
  return { url, child, exited, output: () => output };
}

/** Waits until no process of the group is left; false when some are still there after `ms`. */
async function groupGone(group: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    try {
      process.kill(group, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * SIGKILL to the whole group (npx, tsx and the node process serving requests), then wait until no
 * member is left: the embedded database's lock names the server's pid, and a restart checks it.
 */
async function kill(server: Server) {
  const group = -server.child.pid!;
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await server.exited;
  if (!(await groupGone(group, 10_000))) throw new Error('the killed server is still there after 10 s');
}

async function call(base: string, method: string, url: string, opts: { token?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
      ...(opts.key && { 'idempotency-key': opts.key }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    headers: res.headers,
  };
}

interface Pickup {
  flightId: number;
  n: number;
  key: string;
  body: { picked_up: boolean; clientTime: string; deviceId: string };
  answer?: unknown;
}

async function scenario(env: Record<string, string>) {
  // 1. a server with data: registrations with an arrival flight each, made through the API
  const first = await startServer(env);
  let stop = false;
  const acked: Pickup[] = [];
  const ackedEdits = new Map<number, number[]>();
  let acks = 0;
  let token = '';
  const regs: { id: number; flightId: number }[] = [];
  try {
    const login = await call(first.url, 'POST', '/api/auth/login', {
      body: ADMIN,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.token as string;
    for (let i = 0; i < CHAINS; i++) {
      const created = await call(first.url, 'POST', '/api/registrations', {
        token,
        body: {
          primary_email: `durable-${i}@test.example`,
          primary_phone: '+1 555 0100',
          primary_first_name: 'Dura',
          primary_last_name: `Ble${i}`,
          attendees: [],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.registration.id as number;
      const flightsSaved = await call(first.url, 'POST', '/api/flight-info/submit-verified', {
        token,
        body: {
          registrationId: id,
          needsTransportation: true,
          flights: [
            {
              flightType: 'arrival',
              airline: 'United Airlines',
              flightNumber: `UA${700 + i}`,
              flightDate: '2025-11-27',
              flightTime: '14:30',
              airport: 'IAH',
              adultsCount: 1,
            },
          ],
        },
      });
      expect(flightsSaved.status, JSON.stringify(flightsSaved.body)).toBe(200);
      regs.push({ id, flightId: flightsSaved.body.flights[0].id });
    }

    // 2. the burst: one chain of pickups per flight and one chain of edits per registration, all at once
    const start = Date.now();
    const killed = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (acks >= KILL_AFTER_ACKS || Date.now() - start > 8_000) {
          clearInterval(timer);
          stop = true;
          void kill(first).then(resolve);
        }
      }, 5);
    });
    const pickupChain = async (flightId: number) => {
      for (let n = 1; !stop; n++) {
        const p: Pickup = {
          flightId,
          n,
          key: `dur-${flightId}-${n}-${Math.random().toString(36).slice(2, 10)}`,
          body: {
            picked_up: n % 2 === 1,
            clientTime: new Date(Date.UTC(2025, 10, 27, 14, 0, n)).toISOString(),
            deviceId: 'phone-1',
          },
        };
        try {
          const res = await call(first.url, 'POST', `/api/flight-info/admin/flight-pickups/${flightId}`, {
            token,
            body: p.body,
            key: p.key,
          });
          if (res.status !== 200) throw new Error(`pickup answered ${res.status}: ${JSON.stringify(res.body)}`);
          p.answer = res.body;
          acked.push(p);
          acks++;
        } catch (e) {
          if (stop) return; // the connection died with the server: not acknowledged
          throw e;
        }
      }
    };
    const editChain = async (id: number) => {
      for (let n = 1; !stop; n++) {
        try {
          const res = await call(first.url, 'PUT', `/api/registrations/${id}`, {
            token,
            body: { notes: `edit ${n}` },
          });
          if (res.status !== 200) throw new Error(`edit answered ${res.status}: ${JSON.stringify(res.body)}`);
          ackedEdits.set(id, [...(ackedEdits.get(id) ?? []), n]);
          acks++;
        } catch (e) {
          if (stop) return;
          throw e;
        }
      }
    };
    await Promise.all([...regs.map((r) => pickupChain(r.flightId)), ...regs.map((r) => editChain(r.id)), killed]);
  } finally {
    stop = true;
    await kill(first);
  }
  expect(acks).toBeGreaterThan(CHAINS * 2);

  // 3. restart on the same data and check every acknowledged write
  const second = await startServer(env);
  try {
    let checkedFlights = 0;
    const board = await call(second.url, 'GET', '/api/flight-info/admin/flight-arrivals', { token });
    expect(board.status, 'the session survived the crash too').toBe(200);
    for (const r of regs) {
      const mine = acked.filter((p) => p.flightId === r.flightId);
      const onBoard = board.body.arrivals.find((a: { id: number }) => a.id === r.flightId);
      const last = mine.at(-1);
      if (!last) continue; // nothing acknowledged: nothing promised
      checkedFlights++;
      // a tap older than any in the chain is acknowledged without being applied and answers the
      // server's state, including the tap time of the toggle that set it
      const probe = await call(second.url, 'POST', `/api/flight-info/admin/flight-pickups/${r.flightId}`, {
        token,
        body: { picked_up: true, clientTime: '2025-11-27T13:00:00.000Z' },
      });
      expect(probe.status).toBe(200);
      expect(probe.body.stale).toBe(true);
      const flight = probe.body;
      expect(onBoard.picked_up).toBe(flight.picked_up);
      // the last acknowledged toggle, or the one that was in flight (n + 1) when the server died
      const tap = new Date(flight.pickup_tap_at).getTime();
      expect([last.n, last.n + 1].map((n) => Date.UTC(2025, 10, 27, 14, 0, n))).toContain(tap);
      const landed = tap === Date.UTC(2025, 10, 27, 14, 0, last.n) ? last.n : last.n + 1;
      expect(flight.picked_up, `flight ${r.flightId}`).toBe(landed % 2 === 1);
    }
    for (const p of acked) {
      const again = await call(second.url, 'POST', `/api/flight-info/admin/flight-pickups/${p.flightId}`, {
        token,
        body: p.body,
        key: p.key,
      });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed'), `pickup ${p.key} was acknowledged, so its record must be there`).toBe('true');
      expect(again.body).toEqual(p.answer);
    }
    for (const r of regs) {
      const edits = ackedEdits.get(r.id) ?? [];
      const detail = await call(second.url, 'GET', `/api/registrations/${r.id}`, { token });
      const last = edits.at(-1) ?? 0;
      expect([last ? `edit ${last}` : null, `edit ${last + 1}`], `registration ${r.id}`).toContain(detail.body.registration.notes);
      const history = await call(second.url, 'GET', `/api/registrations/${r.id}/history?limit=200`, { token });
      const audited = new Set(
        history.body.history
          .filter((h: { action: string }) => h.action === 'registration.update')
          .map((h: { after: { notes: string } }) => h.after.notes),
      );
      for (const n of edits) expect(audited.has(`edit ${n}`), `edit ${n} of registration ${r.id} is in the history`).toBe(true);
    }
    return {
      checkedFlights,
      pickups: acked.length,
      edits: [...ackedEdits.values()].reduce((s, e) => s + e.length, 0),
    };
  } finally {
    await kill(second);
  }
}

/** A temporary DATA_DIR holding the suite's migrated PGlite snapshot (a fresh one costs ~10 s of initdb here). */
async function pgliteDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-durability-'));
  const snapshot = inject('pgliteSnapshot');
  if (snapshot) {
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([readFileSync(snapshot)]) });
    await pg.close();
  }
  return dataDir;
}

/** The burst was acknowledged both kinds of write before the kill, and the pickups' check had flights to look at. */
function expectBothKindsChecked(result: { checkedFlights: number; pickups: number; edits: number }) {
  expect(result.pickups).toBeGreaterThan(0);
  expect(result.edits).toBeGreaterThan(0);
  expect(result.checkedFlights).toBeGreaterThan(0);
}

describe('SIGKILL in the middle of a burst', () => {
  it('embedded PGlite: every acknowledged pickup and edit survives the crash', { timeout: 180_000 }, async () => {
    const dataDir = await pgliteDataDir();
    try {
      const result = await scenario({ DATA_DIR: dataDir });
      expectBothKindsChecked(result);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: every acknowledged pickup and edit survives the crash',
    { timeout: 180_000 },
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `rd_durability_${process.pid}_${Date.now()}`;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-durability-pg-'));
      try {
        const result = await scenario({
          DATABASE_URL: withDatabase(url, name),
          DATA_DIR: dataDir,
        });
        expectBothKindsChecked(result);
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('SIGTERM', () => {
  it('stops cleanly: logs it, exits at once, and the embedded database opens again with every write', { timeout: 120_000 }, async () => {
    const dataDir = await pgliteDataDir();
    try {
      const first = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      let number = '';
      try {
        const login = await call(first.url, 'POST', '/api/auth/login', { body: ADMIN });
        expect(login.status).toBe(200);
        const created = await call(first.url, 'POST', '/api/registrations', {
          token: login.body.token as string,
          body: {
            primary_email: 'sigterm@test.example',
            primary_phone: '+1 555 0100',
            primary_first_name: 'Term',
            primary_last_name: 'Inated',
            attendees: [],
          },
        });
        expect(created.status).toBe(201);
        number = created.body.registration.registration_number as string;
        process.kill(-first.child.pid!, 'SIGTERM');
        // every process of the server gone well before the forced exit (10 s), after logging why
        expect(await groupGone(-first.child.pid!, 8_000)).toBe(true);
        // its last lines may still be in the pipe when the process is gone: read until they are in
        await expect
          .poll(() => first.output(), { timeout: 5_000 })
          .toMatch(/"msg":"shutting down".*"signal":"SIGTERM"|"signal":"SIGTERM".*"msg":"shutting down"/);
      } finally {
        await kill(first);
      }
      // the embedded database's lock is released: a new server opens the same directory and has the write
      const second = await startServer({ DATA_DIR: dataDir });
      try {
        const login = await call(second.url, 'POST', '/api/auth/login', { body: ADMIN });
        const found = await call(second.url, 'GET', `/api/registrations/${number}`, { token: login.body.token as string });
        expect(found.status).toBe(200);
        expect(found.body.registration.primary_last_name).toBe('Inated');
      } finally {
        await kill(second);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
