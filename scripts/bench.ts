/**
 * `npm run bench [-- --size large|huge] [--pglite] [--seconds 5] [--connections 50] [--out file.json]`
 * `[--only pickup-toggle,check-in] [--cpu-prof dir]`
 *
 * The performance figures (docs/quality.md "Performance"), as a command, never a unit test:
 *   1. seeds the demo event at the chosen size (large: 2,000 registrations, ≈6,000 attendees; huge:
 *      20,000, ten times the event) into the PostgreSQL of DATABASE_URL, or a fresh `rd_bench_<ts>`
 *      database on 127.0.0.1:5432 dropped afterwards, or embedded PGlite with --pglite;
 *   2. starts the production server as a child process (server/main.ts, NODE_ENV=production,
 *      LOG_LEVEL=warn) and times the CSV export of every registration, one download at a time;
 *   3. loads each endpoint from this process with autocannon on loopback (50 connections, a few seconds
 *      each): the health reference first and last, the staff reads (stats, registration detail, list
 *      search, the check-in desk's poll and first download page, the arrivals board of the busiest day;
 *      the last two also as the same bytes from memory: their floor, scripts/bench/floor-server.ts),
 *      the writes (pickup toggle, check-in and hotel link, each with its own Idempotency-Key), and the
 *      export;
 *   4. measures the export's memory in a fresh server whose V8 old space is capped (the memory probe),
 *      at 2,000 registrations and, with --size huge, at 20,000;
 *   5. prints one table: req/s, p50/p95/p99, CPU per request (server and PostgreSQL), the ratio to the
 *      health reference and the verdict per budget (scripts/bench/budgets.ts), then the same as one line
 *      of JSON; --out writes the whole summary as JSON. Progress goes to stderr. Exits 1 when a budget is missed (PostgreSQL only:
 *      PGlite's figures have no budget), 2 when the bench itself failed.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, tmpdir } from 'node:os';
import { rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { BUDGETS, endpointVerdict, exportVerdict, type EndpointKind, type Verdict } from './bench/budgets';
import { prepareDatabase, readFacts, seedUntil, type BenchDatabase, type Facts } from './bench/database';
import { load, type LoadResult } from './bench/load';
import { cpuMeter, rssMb, sampleRss, startNode, startServer, stop, type Child } from './bench/processes';
import type { RequestSpec } from 'autocannon';

const log = (s: string) => process.stderr.write(`[bench] ${s}\n`);

const SIZES = { large: 2000, huge: 20_000 } as const;

type Size = keyof typeof SIZES;

/**
 * Every request is sent as the PWA's browsers send it: accepting brotli and gzip, so a large answer is
 * measured compressed, as it is served (server/http-server.ts).
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' } as const;

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    size: { type: 'string', default: 'large' },
    pglite: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string' },
    /** comma-separated endpoint names: only those (and the health reference); the export and the memory probes are skipped unless named */
    only: { type: 'string' },
    /** the server runs with --cpu-prof into this directory (the .cpuprofile is written when it stops) */
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help || !(args.size! in SIZES)) {
  process.stdout.write(
    'Usage: npm run bench -- [--size large|huge] [--pglite] [--seconds 5] [--connections 50] [--out summary.json]\n' +
      '  --size large: 2,000 registrations (the default); huge: 20,000, ten times the event.\n' +
      '  DATABASE_URL set: benchmark that PostgreSQL (seeded up to the size). Unset: a fresh rd_bench_<ts> database\n' +
      '  on postgres://postgres@127.0.0.1:5432, dropped afterwards. --pglite: embedded PGlite in a temp DATA_DIR.\n' +
      '  --only a,b: only those endpoints (and the health reference), to iterate on a few; --cpu-prof dir: profile the server.\n' +
      '  Exit code: 0 every budget met, 1 a budget missed (PostgreSQL only), 2 the bench failed.\n',
  );
  process.exit(args.help ? 0 : 2);
}
const SIZE = args.size as Size;
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const BUDGETED = !args.pglite;
const ONLY = args.only?.split(',').map((name) => name.trim());
const EXPORT = !ONLY || ONLY.includes('registrations-export');

interface Endpoint {
  name: string;
  kind: EndpointKind;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: string;
  /** per request: another registration, a new Idempotency-Key... */
  setupRequest?: RequestSpec['setupRequest'];
  /** fewer connections than the rest (the export: see below) */
  connections?: number;
  /** the pickup toggle with a key: its server CPU has a budget */
  keyedToggle?: boolean;
}

/** Round robin over `items`; each pass flips a boolean, so every write changes state (true, false, true…). */
function roundRobin<T>(items: T[]) {
  let n = 0;
  return () => {
    const i = n++;
    return { item: items[i % items.length], on: Math.floor(i / items.length) % 2 === 0 };
  };
}

function endpoints(f: Facts): Endpoint[] {
  const json = (token: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'idempotency-key': randomUUID(),
  });
  const nextNumber = roundRobin(f.registrationNumbers);
  const nextFlight = roundRobin(f.arrivalFlightIds);
  const nextParty = roundRobin(f.checkIns);
  const nextBooking = roundRobin(f.bookings);
  const detail = (n: string) => `/api/registrations/${n}`;
  const toggle = (id: number) => `/api/flight-info/admin/flight-pickups/${id}`;
  const checkIn = (id: number) => `/api/registrations/${id}/check-in`;
  return [
    { name: 'health', kind: 'reference', method: 'GET', path: '/api/health', token: '' },
    { name: 'stats-summary', kind: 'read', method: 'GET', path: '/api/registrations/stats/summary', token: f.adminToken },
    {
      name: 'registration-detail',
      kind: 'read',
      method: 'GET',
      path: detail(f.registrationNumbers[0]),
      token: f.adminToken,
      setupRequest: (req) => ({ ...req, path: detail(nextNumber().item) }),
    },
    {
      name: 'registrations-search',
      kind: 'read',
      method: 'GET',
      path: `/api/registrations?search=${encodeURIComponent(f.searchTerm)}&page=1&limit=20`,
      token: f.adminToken,
    },
    // the desk's reads: the poll every desk makes every few seconds (nothing new since its cursor), and
    // the first page of its offline copy (500 registrations, ≈1.2 MB; once per device: reported with its
    // floor, no budget)
    { name: 'desk-poll', kind: 'read', method: 'GET', path: `/api/sync/registrations?since=${f.syncCursor}`, token: f.checkinToken },
    { name: 'desk-download', kind: 'download', method: 'GET', path: '/api/sync/registrations?since=0', token: f.checkinToken },
    // the board with the reads, before the writes: it is served from memory while no transaction ends
    // (server/db/snapshot-cache.ts), and right after thousands of writes autovacuum's ANALYZE ends
    // transactions for a while, so each request would compute it afresh (docs/quality.md "Performance")
    {
      name: 'arrivals-board',
      kind: 'board',
      method: 'GET',
      path: `/api/flight-info/admin/flight-arrivals?date=${f.busiestDay}`,
      token: f.greeterToken,
    },
    {
      name: 'pickup-toggle',
      kind: 'write',
      keyedToggle: true,
      method: 'POST',
      path: toggle(f.arrivalFlightIds[0]),
      token: f.greeterToken,
      body: JSON.stringify({ picked_up: true, deviceId: 'bench' }),
      setupRequest: (req) => {
        const { item, on } = nextFlight();
        return {
          ...req,
          path: toggle(item),
          headers: json(f.greeterToken),
          body: JSON.stringify({ picked_up: on, clientTime: new Date().toISOString(), deviceId: 'bench' }),
        };
      },
    },
    {
      name: 'check-in',
      kind: 'write',
      method: 'POST',
      path: checkIn(f.checkIns[0].id),
      token: f.checkinToken,
      body: JSON.stringify({ attendee_ids: f.checkIns[0].attendeeIds, checked_in: true, device_id: 'bench' }),
      setupRequest: (req) => {
        const { item, on } = nextParty();
        return {
          ...req,
          path: checkIn(item.id),
          headers: json(f.checkinToken),
          body: JSON.stringify({ attendee_ids: item.attendeeIds, checked_in: on, device_id: 'bench' }),
        };
      },
    },
    {
      // link, then (a pass later) unlink, each booking in turn
      name: 'hotel-link',
      kind: 'write',
      method: 'POST',
      path: `/api/hotel-assignments/${f.bookings[0].id}/match`,
      token: f.adminToken,
      body: JSON.stringify({ registrationId: f.bookings[0].registrationId }),
      setupRequest: (req) => {
        const { item, on } = nextBooking();
        return {
          ...req,
          path: `/api/hotel-assignments/${item.id}/${on ? 'match' : 'unmatch'}`,
          headers: json(f.adminToken),
          body: on ? JSON.stringify({ registrationId: item.registrationId }) : '{}',
        };
      },
    },
    // 50 simultaneous downloads of every registration is not a workload anyone has (an admin clicks
    // Export); the export's budget is the single download's time and memory, measured on its own
    {
      name: 'registrations-export',
      kind: 'export',
      method: 'GET',
      path: '/api/registrations/export',
      token: f.adminToken,
      connections: Math.min(5, CONNECTIONS),
    },
  ];
}

/**
 * The V8 old-space cap of the memory probe: with no cap, V8 collects garbage lazily and a process's RSS
 * shows how much garbage it tolerated, not what it needs. Under a cap it must collect, so the RSS
 * growth while exporting is what the export really holds, and an export that held every row at once
 * would show it (or run out of memory).
 */
const PROBE_OLD_SPACE_MB = 64;

/** The export timed and its memory measured in a fresh server with a capped old space (see above). */
async function memoryProbe(bench: BenchDatabase, facts: Facts) {
  const probe = await startServer(bench, [`--max-old-space-size=${PROBE_OLD_SPACE_MB}`]);
  try {
    await warm(probe, endpoints(facts));
    const measured = await measureExport(probe, bench, facts.adminToken);
    log(`memory probe (old space ≤ ${PROBE_OLD_SPACE_MB} MB), ${measured.rows} registrations: RSS +${measured.rssGrowthMb} MB`);
    return measured;
  } finally {
    await stop(probe);
  }
}

async function fetchOnce(base: string, e: Endpoint) {
  const res = await fetch(base + e.path, {
    method: e.method,
    headers: {
      ...(e.token && { authorization: `Bearer ${e.token}` }),
      'content-type': 'application/json',
      ...(e.kind === 'write' && { 'idempotency-key': randomUUID() }),
    },
    body: e.body,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${e.name}: ${res.status} ${bytes.toString().slice(0, 300)}`);
  return { bytes, contentType: res.headers.get('content-type') ?? 'application/json' };
}

/** `times` downloads of the full export, one at a time: duration to the last byte, and the server's RSS. */
async function measureExport(server: Child, bench: BenchDatabase, token: string, times = 5) {
  const before = rssMb(server.pid);
  const sampler = sampleRss(server.pid, 5);
  const serverCpu = await cpuMeter(() => [server.pid]);
  const databaseCpu = await cpuMeter(() => bench.backendPids());
  const durations: number[] = [];
  let text = '';
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/registrations/export`, { headers: { authorization: `Bearer ${token}` } });
    text = await res.text();
    durations.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`export: ${res.status} ${text.slice(0, 200)}`);
  }
  const peak = sampler.stop();
  const [serverMs, databaseMs] = [await serverCpu.stop(), await databaseCpu.stop()];
  durations.sort((a, b) => a - b);
  const rows = (parse(text, { bom: true }) as string[][]).length - 1;
  return {
    rows,
    bytes: Buffer.byteLength(text),
    medianMs: r1(durations[Math.floor(durations.length / 2)]),
    maxMs: r1(durations[durations.length - 1]),
    rssBeforeMb: r1(before),
    rssPeakMb: r1(peak),
    rssGrowthMb: r1(peak - before),
    cpuMsPerDownload: { server: r1(serverMs / times), database: bench.driver === 'postgres' ? r1(databaseMs / times) : null },
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** One request to every endpoint but the export, so everything is timed in a warm process. */
async function warm(server: Child, list: Endpoint[]) {
  for (const e of list) if (e.kind !== 'export') await fetchOnce(server.url, e);
}

/** One GET as a browser sends it: the bytes as they came over the wire (compressed or not), and their headers. */
function wireOnce(base: string, e: Endpoint) {
  return new Promise<{ bytes: Buffer; contentType: string; contentEncoding?: string }>((resolve, reject) => {
    const req = httpGet(base + e.path, { headers: { ...BROWSER_HEADERS, authorization: `Bearer ${e.token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({
              bytes: Buffer.concat(chunks),
              contentType: res.headers['content-type'] ?? 'application/json',
              contentEncoding: res.headers['content-encoding'],
            })
          : reject(new Error(`${e.name}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

/** The same bytes as the board (as sent: compressed for a browser), served from memory by a bare Hono app: the board's own floor. */
async function startFloor(server: Child, board: Endpoint): Promise<Child> {
  const { bytes, contentType, contentEncoding } = await wireOnce(server.url, board);
  const routesFile = path.join(tmpdir(), `rd-bench-floor-${process.pid}.json`);
  writeFileSync(
    routesFile,
    JSON.stringify([{ name: board.name, method: board.method, contentType, contentEncoding, body: bytes.toString('base64') }]),
  );
  try {
    return await startNode('scripts/bench/floor-server.ts', [routesFile], {}, /listening at (http:\/\/\S+)/);
  } finally {
    rmSync(routesFile, { force: true }); // read at start-up: not needed once the floor listens
  }
}

interface Row {
  name: string;
  kind: EndpointKind;
  request: string;
  connections: number;
  server: LoadResult;
  cpu: { serverMsPerRequest: number | null; databaseMsPerRequest: number | null };
  ratio: number;
  floor?: LoadResult & { ratio: number };
  verdict: Verdict;
}

/** One endpoint's line of the printed JSON summary; `--out` writes every figure. */
function briefOf(r: Row) {
  const { reqPerSec, p50, p95, p99 } = r.server;
  return {
    name: r.name,
    reqPerSec,
    p50,
    p95,
    p99,
    ratioToHealth: r.ratio,
    ratioToFloor: r.floor?.ratio,
    cpuMsPerRequest: r.cpu,
    pass: r.verdict.pass,
    missed: r.verdict.missed || undefined,
  };
}

/** Loads one endpoint on the server, with the CPU the server and its database backends spent. */
async function measure(server: Child, bench: BenchDatabase, e: Endpoint) {
  const serverCpu = await cpuMeter(() => [server.pid]);
  const databaseCpu = await cpuMeter(() => bench.backendPids());
  const result = await load({
    url: server.url + e.path,
    method: e.method,
    body: e.body,
    headers: { ...BROWSER_HEADERS, ...(e.token ? { authorization: `Bearer ${e.token}` } : {}) },
    connections: e.connections ?? CONNECTIONS,
    seconds: SECONDS,
    setupRequest: e.setupRequest,
  });
  const [serverMs, databaseMs] = [await serverCpu.stop(), await databaseCpu.stop()];
  const perRequest = (ms: number) => (result.requests ? r3(ms / result.requests) : null);
  // CPU per request does not depend on how busy the machine is: the figure to compare across runs
  return {
    result,
    cpu: { serverMsPerRequest: perRequest(serverMs), databaseMsPerRequest: bench.driver === 'postgres' ? perRequest(databaseMs) : null },
  };
}

function table(rows: Row[], health: number): string {
  // no request finished in the run (five 20,000-row exports at once outlast it): no latency to show
  const cell = (v: unknown) => (v === null || v === undefined || Number.isNaN(v) ? '—' : String(v));
  const lines = [
    `| endpoint | req/s | p50 | p95 | p99 (ms) | CPU ms/request: server + PostgreSQL | ratio to health (${health} req/s) | budget | verdict |`,
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const ratio = r.floor ? `${r.ratio} (floor ${r.floor.reqPerSec} req/s: ${r.floor.ratio})` : String(r.ratio);
    lines.push(
      `| ${r.name} | ${r.server.reqPerSec} | ${cell(r.server.p50)} | ${cell(r.server.p95)} | ${cell(r.server.p99)} | ${cell(r.cpu.serverMsPerRequest)} + ${cell(r.cpu.databaseMsPerRequest)} | ${ratio} | ${r.verdict.budget} | ${r.verdict.pass ? 'pass' : `**MISS**: ${r.verdict.missed}`} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<boolean> {
  const started = new Date();
  const load0 = loadavg();
  const bench = await prepareDatabase({ pglite: args.pglite! });
  log(`database: ${bench.where}`);
  let server: Child | undefined;
  let floor: Child | undefined;
  try {
    // the memory probe at 2,000 first: the huge run compares its export's memory with it
    await seedUntil(bench, SIZES.large, log);
    const probe2000 = EXPORT ? await memoryProbe(bench, await readFacts(bench)) : undefined;
    if (SIZE === 'huge') await seedUntil(bench, SIZES.huge, log);
    const facts = await readFacts(bench);
    log(
      `dataset: ${facts.registrations} registrations, ${facts.attendees} attendees, ${facts.flights} flights; busiest day ${facts.busiestDay} (${facts.arrivalsOnBusiestDay} arrivals); search "${facts.searchTerm}"; ${facts.bookings.length} bookings to link`,
    );
    const probe20000 = EXPORT && SIZE === 'huge' ? await memoryProbe(bench, facts) : undefined;
    const list = endpoints(facts).filter((e) => !ONLY || e.kind === 'reference' || ONLY.includes(e.name));

    server = await startServer(bench, args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : []);
    log(`server at ${server.url} (pid ${server.pid}, RSS ${rssMb(server.pid).toFixed(0)} MB)`);
    await warm(server, list);
    // the warm-up wrote (a toggle, a check-in, a link): the idle desk polls from after those writes
    const poll = list.find((e) => e.name === 'desk-poll');
    if (poll) {
      const { cursor } = JSON.parse((await fetchOnce(server.url, poll)).bytes.toString()) as { cursor: number };
      poll.path = `/api/sync/registrations?since=${cursor}`;
    }
    const exported = EXPORT ? await measureExport(server, bench, facts.adminToken) : undefined;
    if (exported) log(`export of ${exported.rows} registrations: median ${exported.medianMs} ms, RSS +${exported.rssGrowthMb} MB`);

    // the health reference first and last: the machine's drift during the run shows as their difference.
    // A first run in a cold process (or right after the export's downloads) measured the warm-up, not the
    // server: one unmeasured run of it first
    log('health (warming up)…');
    await load({ url: server.url + list[0].path, method: 'GET', headers: BROWSER_HEADERS, connections: CONNECTIONS, seconds: 2 });
    const measured: { e: Endpoint; result: LoadResult; cpu: Row['cpu']; floor?: LoadResult }[] = [];
    const healthRuns: LoadResult[] = [];
    const healthCpu: Row['cpu'][] = [];
    for (const e of [...list, list[0]]) {
      log(`${e.name}…`);
      const { result, cpu } = await measure(server, bench, e);
      let onFloor: LoadResult | undefined;
      if (e.kind === 'board' || e.kind === 'download') {
        floor = await startFloor(server, e);
        log(`${e.name}: its floor…`);
        onFloor = await load({
          url: `${floor.url}/${e.name}`,
          method: e.method,
          headers: BROWSER_HEADERS,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        await stop(floor);
        floor = undefined;
      }
      log(
        `${e.name}: ${result.reqPerSec} req/s, p99 ${result.p99} ms, CPU/request ${cpu.serverMsPerRequest} + ${cpu.databaseMsPerRequest} ms`,
      );
      if (e.kind === 'reference') {
        healthRuns.push(result);
        healthCpu.push(cpu);
      } else measured.push({ e, result, cpu, floor: onFloor });
    }
    const health = Math.round((healthRuns[0].reqPerSec + healthRuns[1].reqPerSec) / 2);
    // the cheaper of the two health runs: the ceilings (scripts/bench/budgets.ts) err high, never low
    const healthServerMs = healthCpu.flatMap((c) => (c.serverMsPerRequest === null ? [] : [c.serverMsPerRequest]));
    const cheapestHealth = healthServerMs.length ? Math.min(...healthServerMs) : null;
    const rows: Row[] = [
      {
        name: 'health (reference: first and last run, mean)',
        kind: 'reference',
        request: 'GET /api/health',
        connections: CONNECTIONS,
        server: { ...healthRuns[0], reqPerSec: health },
        cpu: healthCpu[0],
        ratio: 1,
        verdict: endpointVerdict({
          kind: 'reference',
          ratio: 1,
          p99: 0,
          failures: healthRuns.reduce((n, h) => n + h.non2xx + h.errors, 0),
          serverCpuMs: null,
        }),
      },
    ];
    for (const { e, result, cpu, floor: onFloor } of measured) {
      const ratio = r3(result.reqPerSec / health);
      const floorRatio = onFloor ? r3(result.reqPerSec / onFloor.reqPerSec) : undefined;
      rows.push({
        name: e.name,
        kind: e.kind,
        request: `${e.method} ${e.path}${e.setupRequest ? ' (varied per request)' : ''}`,
        connections: e.connections ?? CONNECTIONS,
        server: result,
        cpu,
        ratio,
        floor: onFloor && { ...onFloor, ratio: floorRatio! },
        verdict: endpointVerdict(
          {
            kind: e.kind,
            ratio,
            floorRatio,
            p99: result.p99,
            failures: result.non2xx + result.errors,
            serverCpuMs: cpu.serverMsPerRequest,
            databaseCpuMs: cpu.databaseMsPerRequest,
            healthReqPerSec: health,
            healthServerCpuMs: cheapestHealth,
            cores: cpus().length,
            keyedToggle: e.keyedToggle,
          },
          BUDGETED,
        ),
      });
    }
    await stop(server);
    server = undefined;

    const exportJudged =
      exported && probe2000
        ? exportVerdict(exported.rows, exported.medianMs, { at2000: probe2000, at20000: probe20000 }, BUDGETED)
        : { budget: '', pass: true, missed: '' };
    const pass = rows.every((r) => r.verdict.pass) && exportJudged.pass;
    const machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverageAtStart: load0.map((n) => Math.round(n * 100) / 100),
      loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
    };
    const command = `npm run bench -- --size ${SIZE}${args.pglite ? ' --pglite' : ''} --seconds ${SECONDS} --connections ${CONNECTIONS}`;
    process.stdout.write(
      [
        `${command}: ${facts.registrations.toLocaleString('en-US')} registrations on ${bench.driver}, ${started.toISOString()}, load average ${machine.loadAverageAtStart.join(' ')} → ${machine.loadAverageAtEnd.join(' ')}`,
        `health reference: ${healthRuns[0].reqPerSec} req/s first, ${healthRuns[1].reqPerSec} last`,
        '',
        table(rows, health),
        '',
        exported && probe2000
          ? `export of ${exported.rows.toLocaleString('en-US')} registrations, one download at a time: median ${exported.medianMs} ms (max ${exported.maxMs}); ` +
            `memory probe RSS growth +${probe2000.rssGrowthMb} MB at 2,000${probe20000 ? `, +${probe20000.rssGrowthMb} MB at 20,000` : ''}; ` +
            `${exportJudged.budget || 'no budget'}: ${exportJudged.pass ? 'pass' : `**MISS**: ${exportJudged.missed}`}`
          : 'export: not measured (--only)',
        BUDGETED ? (pass ? 'every budget met' : 'BUDGET MISSED') : 'PGlite: ratios reported, no budget',
        '',
        JSON.stringify({ pass, endpoints: rows.map(briefOf) }),
        '',
      ].join('\n'),
    );
    if (args.out) {
      const summary = {
        command,
        startedAt: started.toISOString(),
        machine,
        database: { driver: bench.driver, where: bench.where },
        dataset: {
          ...facts,
          registrationNumbers: undefined,
          arrivalFlightIds: undefined,
          checkIns: undefined,
          bookings: undefined,
          adminToken: undefined,
          greeterToken: undefined,
          checkinToken: undefined,
        },
        settings: { size: SIZE, connections: CONNECTIONS, secondsPerRun: SECONDS, budgets: BUDGETS },
        healthRuns,
        endpoints: rows,
        export: { ...exported, memoryProbe: { oldSpaceMb: PROBE_OLD_SPACE_MB, at2000: probe2000, at20000: probe20000 }, ...exportJudged },
        pass,
      };
      writeFileSync(args.out, `${JSON.stringify(summary, null, 2)}\n`);
    }
    return pass || !BUDGETED;
  } finally {
    if (floor) await stop(floor);
    if (server) await stop(server);
    await bench.cleanup();
  }
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
