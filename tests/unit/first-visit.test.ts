/**
 * The greeter's and the check-in desk's first visit load no schema library. A greeter opens the board at
 * an airport with a weak signal, so its first visit has a budget (170 KB of gzipped code, docs/quality.md);
 * zod alone is 25 KB of it, and twice a shared helper living in a schema module pulled it in unseen (a
 * placeholder rule, an export's file name). Answers are parsed by a chunk loaded with the first answer.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports } from '../helpers/import-graph';

/** The entry, the two field screens, and the sync line every staff screen loads as it starts (scripts/bundle-report.ts). */
const FIRST_VISITS = [
  'pwa/main.tsx',
  'pwa/features/arrivals/flight-arrivals-page.tsx',
  'pwa/features/check-in/check-in-page.tsx',
  'pwa/offline/components/sync-status-bar.tsx',
];

describe('a field screen’s first visit', () => {
  it.each(FIRST_VISITS)('%s loads no schema library as it starts', (entry) => {
    const { files, packages } = staticImports(entry);
    expect(files.size).toBeGreaterThan(3);
    expect([...packages].filter((p) => /^zod/.test(p))).toEqual([]);
    const schemas = [...files].map((f) => path.relative(process.cwd(), f)).filter((f) => f.startsWith('shared/schemas/'));
    expect(schemas).toEqual([]);
  });
});
