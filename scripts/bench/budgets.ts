/**
 * The performance budgets, checked against one bench run. Latencies in ms.
 *   - read endpoints: at least 0.5 of their floor's req/s, and p99 under 100 ms, at 50 connections;
 *   - pickup toggle: p99 under 50 ms;
 *   - CSV export of 2,000 registrations: under 1 s, with memory flat as rows grow (measured at 2,000 and
 *     20,000). "Flat" here: in a server whose V8 old space is capped (so garbage is collected rather
 *     than tolerated), the RSS growth while exporting 10× the rows stays within 2× the growth at 2,000
 *     rows, plus 16 MB of slack.
 */
export const BUDGETS = {
  readRatio: 0.5,
  readP99Ms: 100,
  pickupP99Ms: 50,
  export2000Ms: 1000,
  exportFlatFactor: 2,
  exportFlatSlackMb: 16,
} as const;

export type EndpointKind = 'read' | 'pickup' | 'export' | 'reference';

export function endpointVerdict(kind: EndpointKind, ratio: number, p99: number, failures: number) {
  if (kind === 'read') {
    return {
      budget: `ratio ≥ ${BUDGETS.readRatio} and p99 < ${BUDGETS.readP99Ms} ms, no errors`,
      pass: ratio >= BUDGETS.readRatio && p99 < BUDGETS.readP99Ms && failures === 0,
    };
  }
  if (kind === 'pickup') {
    return { budget: `p99 < ${BUDGETS.pickupP99Ms} ms, no errors`, pass: p99 < BUDGETS.pickupP99Ms && failures === 0 };
  }
  if (kind === 'reference') {
    return { budget: 'none: a reference (the cheapest request that reaches the database: no session, SELECT 1)', pass: failures === 0 };
  }
  return { budget: 'informational (the export budget is the single-download time and memory below)', pass: failures === 0 };
}

export function exportVerdict(at2000: { medianMs: number; rssGrowthMb: number }, at20000?: { rssGrowthMb: number }) {
  const fast = at2000.medianMs < BUDGETS.export2000Ms;
  const flat = at20000 ? at20000.rssGrowthMb <= BUDGETS.exportFlatFactor * at2000.rssGrowthMb + BUDGETS.exportFlatSlackMb : null;
  return {
    budget: `2,000 registrations < ${BUDGETS.export2000Ms} ms; RSS growth at 20,000 ≤ ${BUDGETS.exportFlatFactor}× growth at 2,000 + ${BUDGETS.exportFlatSlackMb} MB`,
    fast,
    flat,
    pass: fast && flat !== false,
  };
}
