/**
 * `npm run bench:live`: how fast a change on one staff device shows on the others, and what idle live
 * streams cost (docs/quality.md, "Live updates"). Prints one JSON summary.
 *
 *   1. A fresh PostgreSQL database with the large demo event (scripts/bench/database.ts); TWO production
 *      servers on it, as two instances behind a load balancer would run.
 *   2. Ten devices, five on each instance, each holding GET /api/live open and doing what the PWA does
 *      on a `change` event: download the arrivals feed from its own cursor. A change "shows" on a device
 *      when that download holds it.
 *   3. Fifty pickups, one a second, sent alternately through either instance: the time from sending the
 *      pickup to it showing on each of the other nine devices, split into same instance / other instance.
 *   4. A device whose stream dropped (closed, as an iPhone does in the background) reopens it and runs
 *      its cycle: the time until it holds a change made while it was away.
 *   5. 1,000 idle streams on one instance: its memory and CPU per idle stream over 20 s, and the stats
 *      summary's throughput (10 connections, 5 s) without and with them.
 *
 *   npx tsx scripts/bench-live.ts [--changes 50] [--idle 1000] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareDatabase, readFacts, seedUntil } from './bench/database';
import { load } from './bench/load';
import { cpuMeter, rssMb, startServer, stop, type Child } from './bench/processes';
import { sql } from 'drizzle-orm';
import { intArrayText, rowsOf } from '../server/db/rows';
import { createSession } from '../server/services/staff/sessions';
import { findUserByEmail } from '../server/services/staff/users';
import { DEMO_GREETER } from '../server/seed/demo';

const { values: args } = parseArgs({
  options: {
    changes: { type: 'string', default: '50' },
    idle: { type: 'string', default: '1000' },
    out: { type: 'string' },
  },
});
const CHANGES = Number(args.changes);
const IDLE = Number(args.idle);
const log = (s: string) => console.error(`[bench-live] ${s}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const summary = (values: number[]) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});

interface Device {
  name: string;
  server: Child;
  /** flight id → when this device first held its latest change (ms) */
  seen: Map<number, number>;
  close: () => void;
}

/** A device: an open stream, and a download of the arrivals feed from its cursor on every change. */
async function device(name: string, server: Child, token: string): Promise<Device> {
  const headers = { authorization: `Bearer ${token}` };
  let cursor = 0;
  let downloading: Promise<void> | null = null;
  let again = false;
  const seen = new Map<number, number>();
  const download = async () => {
    for (let more = true; more;) {
      const res = await fetch(`${server.url}/api/sync/arrivals?since=${cursor}&limit=2000`, { headers });
      const page = (await res.json()) as { arrivals: { id: number }[]; cursor: number; hasMore: boolean };
      const now = performance.now();
      if (cursor > 0) for (const a of page.arrivals) seen.set(a.id, now);
      cursor = page.cursor;
      more = page.hasMore;
    }
  };
  const cycle = () => {
    if (downloading) {
      again = true;
      return;
    }
    downloading = download().finally(() => {
      downloading = null;
      if (again) {
        again = false;
        cycle();
      }
    });
  };
  await download();
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/live`, { headers, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`${name}: the stream answered ${res.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          if (buffer.slice(0, cut).includes('event: change')) cycle();
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      /* closed */
    }
  })();
  return { name, server, seen, close: () => controller.abort() };
}

async function toggle(server: Child, token: string, flightId: number, picked: boolean) {
  const res = await fetch(`${server.url}/api/flight-info/admin/flight-pickups/${flightId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ picked_up: picked, clientTime: new Date().toISOString(), deviceId: 'bench' }),
  });
  if (res.status !== 200) throw new Error(`pickup answered ${res.status}: ${await res.text()}`);
}

async function waitSeen(devices: Device[], flightId: number, since: number, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && devices.some((d) => (d.seen.get(flightId) ?? 0) < since)) await sleep(5);
}

/** Opens `n` idle streams; returns their closing. */
async function idleStreams(server: Child, token: string, n: number) {
  const controllers: AbortController[] = [];
  for (let i = 0; i < n; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async () => {
        const c = new AbortController();
        const res = await fetch(`${server.url}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: c.signal });
        if (res.status !== 200) throw new Error(`an idle stream answered ${res.status}`);
        void res.body
          ?.getReader()
          .read()
          .catch(() => {});
        controllers.push(c);
      }),
    );
  }
  return () => controllers.forEach((c) => c.abort());
}

async function main() {
  const started = new Date();
  const bench = await prepareDatabase({ pglite: false });
  log(`database: ${bench.where}`);
  const servers: Child[] = [];
  const devices: Device[] = [];
  try {
    await seedUntil(bench, 2000, log);
    const facts = await readFacts(bench);
    const tokens: string[] = [];
    const database = await bench.open();
    let unpicked: number[];
    try {
      // every change must change something: tick flights nobody has ticked yet
      const rows = await database.db.execute(
        sql`select id from flights where id = any(${intArrayText(facts.arrivalFlightIds)}::int[]) and not picked_up order by id`,
      );
      unpicked = rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
      const greeter = await findUserByEmail(database.db, DEMO_GREETER.email);
      for (let i = 0; i < 11; i++) tokens.push((await createSession(database.db, greeter!.id, `bench-live-${i}`)).token);
    } finally {
      await database.close();
    }
    servers.push(await startServer(bench), await startServer(bench));
    const [a, b] = servers;
    log(`instances at ${a.url} and ${b.url}`);
    for (let i = 0; i < 10; i++) devices.push(await device(`device ${i}`, i % 2 ? b : a, tokens[i]));
    await sleep(500);

    // 3. one change a second, alternately through either instance
    const same: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const via = i % 2 ? b : a;
      const flightId = unpicked[i];
      const sent = performance.now();
      await toggle(via, facts.adminToken, flightId, true);
      await waitSeen(devices, flightId, sent);
      for (const d of devices) {
        const at = d.seen.get(flightId);
        if (at === undefined || at < sent) continue;
        (d.server === via ? same : other).push(Math.round(at - sent));
      }
      await sleep(Math.max(0, 1000 - (performance.now() - sent)));
    }
    log(`changes: same instance ${JSON.stringify(summary(same))}, other instance ${JSON.stringify(summary(other))}`);

    // 4. a dropped stream: reopened, then its cycle catches up
    const away = devices.pop()!;
    away.close();
    const missedFlight = unpicked[CHANGES];
    await toggle(a, facts.adminToken, missedFlight, true);
    await sleep(500);
    const reopened = performance.now();
    const back = await device('resumed', b, tokens[9]);
    devices.push(back);
    // `device()` downloads from cursor 0 first; a resumed PWA downloads from its stored cursor: same answer
    const resumeMs = Math.round(performance.now() - reopened);
    log(`resume: caught up in ${resumeMs} ms`);

    // 5. idle streams on instance a
    const statsUrl = `${a.url}/api/registrations/stats/summary`;
    const auth = { authorization: `Bearer ${facts.adminToken}` };
    const without = await load({ url: statsUrl, connections: 10, seconds: 5, headers: auth });
    const rssBefore = rssMb(a.pid);
    const closeIdle = await idleStreams(a, tokens[10], IDLE);
    await sleep(2000);
    const rssAfter = rssMb(a.pid);
    const cpu = await cpuMeter(() => [a.pid]);
    await sleep(20_000);
    const idleCpuMs = await cpu.stop();
    const withIdle = await load({ url: statsUrl, connections: 10, seconds: 5, headers: auth });
    closeIdle();
    const result = {
      startedAt: started.toISOString(),
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      dataset: { registrations: facts.registrations, flights: facts.flights },
      changes: { count: CHANGES, devices: 10, sameInstanceMs: summary(same), otherInstanceMs: summary(other) },
      budget: { p50Ms: 500, p95Ms: 2000 },
      resumeCatchUpMs: resumeMs,
      idleStreams: {
        count: IDLE,
        rssMbBefore: Math.round(rssBefore),
        rssMbAfter: Math.round(rssAfter),
        kbPerStream: Math.round(((rssAfter - rssBefore) * 1024) / IDLE),
        cpuMsPer20s: Math.round(idleCpuMs),
        cpuMsPerStreamPerMinute: Math.round(((idleCpuMs * 3) / IDLE) * 1000) / 1000,
        statsReqPerSecWithout: without.reqPerSec,
        statsReqPerSecWith: withIdle.reqPerSec,
        throughputDrop: Math.round((1 - withIdle.reqPerSec / without.reqPerSec) * 1000) / 10 + ' %',
      },
    };
    const json = JSON.stringify(result, null, 2);
    console.log(json);
    if (args.out) writeFileSync(args.out, `${json}\n`);
  } finally {
    for (const d of devices) d.close();
    for (const s of servers) await stop(s);
    await bench.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
