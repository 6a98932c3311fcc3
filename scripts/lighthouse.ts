/**
 * `npx tsx scripts/lighthouse.ts [--dist dist] [--runs 3] [--pglite] [--out file.json] [--lhr-dir dir]`
 *
 * The Lighthouse figures of docs/quality.md "PWA: bundle, Lighthouse, installability, offline cold
 * start", as a command (not a CI test). Against the PRODUCTION server (NODE_ENV=production,
 * compression and cache headers on) serving the built app from --dist, on a fresh database with the
 * normal demo event, in Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium), Lighthouse's mobile profile: Moto G Power screen, simulated Slow 4G (150 ms RTT,
 * 1.6 Mbps down) and 4x CPU slowdown, a cold first visit each run (HTTP cache, service worker, Cache
 * Storage and IndexedDB cleared; localStorage kept so the greeter stays signed in).
 *
 * Pages: Home, and /admin/flight-arrivals signed in as the demo greeter (a session made in the
 * database: the production server wants a bot challenge at sign-in; the token and the user stored as
 * the sign-in screen stores them, so every run is a returning greeter's cold visit). Each is run --runs
 * times (default 3) and the run with the median performance score is reported. Lighthouse 13 has no PWA category:
 * installability comes from Chromium itself (Page.getInstallabilityErrors in the same real profile).
 *
 * Prints one JSON summary on stdout (progress on stderr): scores 0-100, the metrics, what kept a score
 * under 100, and pass/fail against the budgets (performance >= 90, accessibility 100, best practices
 * >= 95, installable). Exit code 0 even when a budget is missed: docs/quality.md explains misses.
 * --lhr-dir keeps every run's full Lighthouse report (JSON, open it in the Lighthouse viewer).
 */
import { cpus, loadavg } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { builtApp, freshDatabase, log as logger, seed, startChromium, startServer, type Proc } from './pwa-server';

const log = logger('lighthouse');

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '3' },
    pglite: { type: 'boolean', default: false },
    out: { type: 'string' },
    'lhr-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  process.stdout.write('Usage: npx tsx scripts/lighthouse.ts [--dist dist] [--runs 3] [--pglite] [--out summary.json] [--lhr-dir dir]\n');
  process.exit(0);
}
const RUNS = Math.max(1, Number(args.runs) || 1);

const BUDGET = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET) as Category[];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
];

interface RunResult {
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** audits under 100 in accessibility and best practices, and performance opportunities */
  findings: Record<Category, string[]>;
  transferKb: { js: number; total: number };
  /**
   * Every script the page loaded, gzipped at level 9 from the build like scripts/bundle-report.ts, so
   * the figure matches the build's report but counts what really loads (lazy chunks the layout pulls
   * in at start included).
   */
  jsGzipKb: { total: number; files: Record<string, number> };
  warnings: string[];
}

/** One Lighthouse navigation of `url` in the Chromium on `port`. */
/** Gzip (level 9) size of a built file, by the path part of its URL. */
function builtGzip(staticDir: string, urlPath: string): number {
  const file = path.join(staticDir, decodeURIComponent(urlPath));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

async function runOnce(url: string, port: number, staticDir: string, keepAs?: string): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // a cold visit: Lighthouse's defaults plus IndexedDB (the offline cache); localStorage stays
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (keepAs) writeFileSync(keepAs, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const findings = {} as Record<Category, string[]>;
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    scores[c] = Math.round((cat.score ?? 0) * 100);
    findings[c] = cat.auditRefs
      .filter((r) => r.weight > 0 || c === 'performance')
      .map((r) => lhr.audits[r.id])
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'),
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  const metrics: Record<string, string> = {};
  for (const m of METRICS) metrics[m] = lhr.audits[m]?.displayValue ?? 'n/a';
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const kb = (type: string) => Math.round(((items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024) * 10) / 10;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const files: Record<string, number> = {};
  for (const r of requests) {
    const u = new URL(r.url);
    if (r.resourceType === 'Script' && u.origin === new URL(url).origin)
      files[u.pathname] = Math.round((builtGzip(staticDir, u.pathname) / 1024) * 10) / 10;
  }
  const total = Math.round(Object.values(files).reduce((a, b) => a + b, 0) * 10) / 10;
  return {
    scores,
    metrics,
    findings,
    transferKb: { js: kb('script'), total: kb('total') },
    jsGzipKb: { total, files },
    warnings: lhr.runWarnings.map(String),
  };
}

/** The run with the median performance score. */
function median(runs: RunResult[]): RunResult {
  return [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor((runs.length - 1) / 2)];
}

/**
 * Puts the greeter's session into the origin's localStorage as the sign-in screen leaves it: the token,
 * and the user ('auth_user', from GET /api/auth/me), which a returning user's app draws from at once.
 */
async function signInGreeter(chrome: Proc, origin: string, token: string) {
  const me = await fetch(`${origin}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/auth/me: ${me.status}`);
  const { user } = (await me.json()) as { user: unknown };
  const browser = await chromium.connectOverCDP(chrome.url);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/manifest.webmanifest`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('auth_user', u);
      },
      [token, JSON.stringify(user)] as const,
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Chromium's own verdict: the errors that stop installation (empty = installable). */
async function installability(chrome: Proc, origin: string): Promise<string[]> {
  const browser = await chromium.connectOverCDP(chrome.url);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(
      async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      },
      undefined,
      { timeout: 30_000 },
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    await page.close();
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await browser.close();
  }
}

async function main() {
  const staticDir = builtApp(args.dist);
  if (args['lhr-dir']) mkdirSync(args['lhr-dir'], { recursive: true });
  const db = await freshDatabase({ pglite: args.pglite });
  let server: Proc | null = null;
  let chrome: Awaited<ReturnType<typeof startChromium>> | null = null;
  try {
    log(`seeding the demo event into ${db.where}`);
    const seeded = await seed(db, 'normal');
    server = await startServer(db, staticDir);
    log(`production server at ${server.url} serving ${staticDir}`);
    chrome = await startChromium();
    const port = chrome.port;
    const version = (await (await fetch(`${chrome.url}/json/version`)).json()) as { Browser: string };

    // Home as a visitor sees it, then the greeter's screen signed in (Lighthouse keeps localStorage)
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'greeter: flight arrivals', path: '/admin/flight-arrivals', signedIn: true },
    ];
    const results = [];
    for (const p of pages) {
      if (p.signedIn) await signInGreeter(chrome, server.url, seeded.greeterToken);
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        log(`${p.name}: run ${i + 1}/${RUNS}`);
        const keep = args['lhr-dir']
          ? path.join(args['lhr-dir'], `${p.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`)
          : undefined;
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is retried, twice at most
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await runOnce(`${server.url}${p.path}`, port, staticDir, keep));
            break;
          } catch (e) {
            if (attempt >= 3) throw e;
            log(`${(e as Error).message}; again`);
          }
        }
      }
      const m = median(runs);
      results.push({
        page: p.name,
        path: p.path,
        signedIn: p.signedIn ? 'demo greeter' : 'no',
        performanceRuns: runs.map((r) => r.scores.performance),
        ...m,
        budget: Object.fromEntries(CATEGORIES.map((c) => [c, { score: m.scores[c], budget: BUDGET[c], pass: m.scores[c] >= BUDGET[c] }])),
      });
    }
    const errors = await installability(chrome, server.url);
    const summary = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 100) / 100), node: process.version },
      chromium: version.Browser,
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
      settings: {
        formFactor: 'mobile',
        throttling: 'simulated Slow 4G (150 ms RTT, 1,638 kbps) with 4x CPU slowdown',
        runsPerPage: RUNS,
        reported: 'median performance run',
      },
      server: { env: 'production', database: db.where, demo: { registrations: seeded.registrations, arrivals: seeded.arrivals } },
      results,
      installable: { pass: errors.length === 0, errors },
      pass: results.every((r) => Object.values(r.budget).every((b) => b.pass)) && errors.length === 0,
    };
    const json = JSON.stringify(summary, null, 2);
    if (args.out) writeFileSync(args.out, json + '\n');
    process.stdout.write(json + '\n');
  } finally {
    await chrome?.stop();
    await server?.stop();
    await db.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
