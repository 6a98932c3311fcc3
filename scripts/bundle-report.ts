/**
 * Prints what each route costs to load, gzipped (run by `npm run build` after vite build): the main
 * entry, then every lazy page with the JS it adds on top of the entry, and the first visit of the two
 * field screens, the greeter's /admin/flight-arrivals and the desk's /admin/check-in. Reads dist/.vite/manifest.json
 * (build.manifest in vite.config.ts). Exits non-zero only when the build output is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

// the build directory: dist/ unless given (`tsx scripts/bundle-report.ts /tmp/other-dist`)
const DIST = path.resolve(process.argv[2] ?? 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const ARRIVALS_PAGE = 'features/arrivals/flight-arrivals-page.tsx';
const DESK_PAGE = 'features/check-in/check-in-page.tsx';
/** Lazy chunks loaded as any staff screen starts: the layout's sync line, the service worker's registration. */
const STAFF_START_CHUNKS = ['offline/components/sync-status-bar.tsx', 'workbox-window/build/workbox-window.prod.es5.mjs'];
/** A field screen's first visit, gzipped (docs/quality.md PWA budgets). */
const FIRST_VISIT_BUDGET = 170 * 1024;

if (!existsSync(MANIFEST)) {
  console.error(`bundle-report: ${path.relative(process.cwd(), MANIFEST)} not found; run vite build first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) return seen;
  if (chunk.file.endsWith('.js') && !seen.has(chunk.file)) seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) {
    const f = manifest[dep]?.file;
    if (f && !seen.has(f)) closure(dep, seen);
  }
  return seen;
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('bundle-report: no entry chunk in the manifest');
  process.exit(1);
}
const entryFiles = closure(entryKey);
const entrySize = sum(entryFiles);

const pages = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && !k.includes('node_modules'))
  .map((k) => {
    const files = closure(k);
    const extra = [...files].filter((f) => !entryFiles.has(f));
    return { key: k, extra: sum(extra), total: entrySize + sum(extra) };
  })
  .sort((a, b) => a.key.localeCompare(b.key));

console.log('\nJS per route entry (gzip):');
console.log(`  ${kb(entrySize)}  entry (${entryKey}, ${entryFiles.size} files): app shell, router, home`);
for (const p of pages) console.log(`  ${kb(p.extra)}  + ${p.key}  (route total ${kb(p.total).trim()})`);

const lazyLibs = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.includes('node_modules'));
for (const k of lazyLibs) console.log(`  ${kb(gzipSize(manifest[k].file))}  (loaded on demand) ${k.replace(/^.*node_modules\//, '')}`);

/**
 * What a field screen's first visit really loads: the route, plus the lazy chunks every staff screen
 * pulls in as it starts (budget: 170 KB each); scripts/lighthouse.ts measures the greeter's in the browser.
 */
function firstVisit(pageKey: string, route: string, who: string) {
  const page = pages.find((p) => p.key === pageKey);
  if (!page) return console.log(`\n${route}: ${pageKey} is not a lazy chunk in this build\n`);
  console.log(`\n${route} route total: ${kb(page.total).trim()} gzip (entry ${kb(entrySize).trim()} + page ${kb(page.extra).trim()})`);
  const atStart = Object.keys(manifest).filter((k) => STAFF_START_CHUNKS.some((suffix) => k.endsWith(suffix)));
  const files = new Set([...entryFiles, ...closure(pageKey), ...atStart.flatMap((k) => [...closure(k)])]);
  const extra = atStart.map((k) => k.replace(/^.*node_modules\//, '')).join(', ');
  const total = sum(files);
  console.log(`${who}'s first visit of ${route}: ${kb(total).trim()} gzip (route + ${extra})`);
  // said, not failed: `npm start` builds too, and a budget missed must not stop the product starting
  if (total > FIRST_VISIT_BUDGET)
    console.log(`  OVER BUDGET: ${kb(total - FIRST_VISIT_BUDGET).trim()} above ${kb(FIRST_VISIT_BUDGET).trim()} (docs/quality.md)`);
}

firstVisit(ARRIVALS_PAGE, '/admin/flight-arrivals', 'greeter');
firstVisit(DESK_PAGE, '/admin/check-in', 'check-in staff');
console.log('');
