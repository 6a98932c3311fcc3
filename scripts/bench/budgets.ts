/**
 * The performance budgets, checked against one bench run (docs/quality.md "Performance"). Throughput is
 * judged as a ratio inside the run, never as an absolute figure: the machine is shared, and what it
 * allows moves from minute to minute. The reference is `GET /api/health` (no session, one trivial
 * query): the cheapest request that reaches the database, so a ratio says how much more than one
 * round trip an endpoint costs. Latencies in ms, at the run's connections (50 by default).
 *   - staff reads: at least 0.5 of the health reference's req/s, p99 under 100 ms;
 *   - writes (keyed pickup toggle, check-in, hotel link): at least 0.33 of it, p99 under 150 ms; the keyed
 *     toggle also under 1 ms of server CPU per request;
 *   - the arrivals board of the busiest day: at least 0.8 of its own floor (the same bytes served from
 *     memory by a bare Hono app: the board is big enough that moving its bytes is the work);
 *   - the CSV export: one download of 2,000 registrations under 1 s, of 20,000 under 2 s, with memory
 *     flat as rows grow. "Flat": in a server whose V8 old space is capped (so garbage is collected
 *     rather than tolerated), the RSS growth while exporting 20,000 stays within 2× the growth at 2,000
 *     plus 16 MB.
 * Embedded PGlite has no budget: one connection inside the server process; the ratios are reported.
 *
 * A missed throughput ratio also says when no server could have met it on this machine. The server,
 * PostgreSQL and the load generator share its cores; PostgreSQL's backends spent `databaseCpuMs` on each
 * request, and no server spends less on a request than on the health check (`healthServerCpuMs`). So
 * the endpoint reaches at most cores × 1000 ÷ (databaseCpuMs + healthServerCpuMs) req/s, even with a
 * load generator that costs nothing (its ceiling). When the budget asks more than that, what would meet
 * it is less work in the database, not a faster server.
 */
export const BUDGETS = {
  readRatio: 0.5,
  readP99Ms: 100,
  writeRatio: 0.33,
  writeP99Ms: 150,
  keyedToggleServerCpuMs: 1,
  boardFloorRatio: 0.8,
  exportMs: { 2000: 1000, 20000: 2000 } as Record<number, number>,
  exportFlatFactor: 2,
  exportFlatSlackMb: 16,
} as const;

/**
 * reference: the health check; board: judged against its own floor; export: judged per download (below);
 * download: a device's first offline copy, once per device, reported with its floor but not budgeted
 */
export type EndpointKind = 'reference' | 'read' | 'write' | 'board' | 'export' | 'download';

export interface Measured {
  kind: EndpointKind;
  /** req/s ÷ the health reference's req/s in the same run */
  ratio: number;
  /** req/s ÷ the same bytes' floor (the board only) */
  floorRatio?: number;
  p99: number;
  failures: number;
  serverCpuMs: number | null;
  /** PostgreSQL's backends' CPU per request (null on PGlite) */
  databaseCpuMs?: number | null;
  /** the health reference's req/s and server CPU per request in the same run, and the machine's cores: the ceiling */
  healthReqPerSec?: number;
  healthServerCpuMs?: number | null;
  cores?: number;
  /** the pickup toggle with an Idempotency-Key: its server CPU has a budget of its own */
  keyedToggle?: boolean;
}

export interface Verdict {
  budget: string;
  pass: boolean;
  /** what missed, in words ('' when it passed) */
  missed: string;
}

/** A check: what it asks, whether it held, and (optionally) what to add when it did not. */
type Check = [what: string, ok: boolean, whenMissed?: string];

function judge(checks: Check[], failures: number): Verdict {
  const all: Check[] = [...checks, ['no errors', failures === 0]];
  return {
    budget: all.map(([what]) => what).join(', '),
    pass: all.every(([, ok]) => ok),
    missed: all
      .filter(([, ok]) => !ok)
      .map(([what, , why]) => (why ? `${what} (${why})` : what))
      .join(', '),
  };
}

/** The most req/s an endpoint can reach on `cores` (above); null when PostgreSQL's CPU was not measured. */
export function ceiling(m: Pick<Measured, 'databaseCpuMs' | 'healthServerCpuMs' | 'cores'>): number | null {
  if (!m.databaseCpuMs || !m.cores) return null;
  return Math.round((m.cores * 1000) / (m.databaseCpuMs + (m.healthServerCpuMs ?? 0)));
}

/** When the ratio asks more req/s than the endpoint's ceiling: the sentence that says so. */
function beyondCeiling(m: Measured, ratio: number): string | undefined {
  const most = ceiling(m);
  if (!most || !m.healthReqPerSec) return undefined;
  const asked = Math.round(ratio * m.healthReqPerSec);
  if (asked <= most) return undefined;
  const n = (v: number) => v.toLocaleString('en-US');
  return `asks ${n(asked)} req/s; its PostgreSQL CPU and a server as cheap as the health check's allow at most ${n(most)} on ${m.cores} cores`;
}

/** The endpoint's verdict; with `budgets: false` (PGlite) only errors fail it. */
export function endpointVerdict(m: Measured, budgets = true): Verdict {
  if (!budgets || m.kind === 'reference' || m.kind === 'export' || m.kind === 'download') return judge([], m.failures);
  if (m.kind === 'board')
    return judge([[`floor ratio ≥ ${BUDGETS.boardFloorRatio}`, (m.floorRatio ?? 0) >= BUDGETS.boardFloorRatio]], m.failures);
  const [ratio, p99] = m.kind === 'read' ? [BUDGETS.readRatio, BUDGETS.readP99Ms] : [BUDGETS.writeRatio, BUDGETS.writeP99Ms];
  const checks: Check[] = [
    [`ratio ≥ ${ratio}`, m.ratio >= ratio, beyondCeiling(m, ratio)],
    [`p99 < ${p99} ms`, m.p99 < p99],
  ];
  if (m.keyedToggle) {
    checks.push([
      `server CPU < ${BUDGETS.keyedToggleServerCpuMs} ms`,
      m.serverCpuMs !== null && m.serverCpuMs < BUDGETS.keyedToggleServerCpuMs,
    ]);
  }
  return judge(checks, m.failures);
}

/** The export's verdict at the run's size: time to the last byte, and (when both sizes were probed) flat memory. */
export function exportVerdict(
  rows: number,
  medianMs: number,
  probes: { at2000: { rssGrowthMb: number }; at20000?: { rssGrowthMb: number } },
  budgets = true,
): Verdict {
  const size = rows >= 20_000 ? 20_000 : 2000;
  const limit = BUDGETS.exportMs[size];
  const checks: Check[] = [[`${size.toLocaleString('en-US')} registrations < ${limit} ms`, medianMs < limit]];
  if (probes.at20000) {
    checks.push([
      `RSS growth at 20,000 ≤ ${BUDGETS.exportFlatFactor}× growth at 2,000 + ${BUDGETS.exportFlatSlackMb} MB`,
      probes.at20000.rssGrowthMb <= BUDGETS.exportFlatFactor * probes.at2000.rssGrowthMb + BUDGETS.exportFlatSlackMb,
    ]);
  }
  return budgets ? judge(checks, 0) : judge([], 0);
}
