/**
 * The modules a file loads as it starts: its static imports, followed through the project's own files
 * (a type-only import loads nothing, and a dynamic import() loads later, so neither is followed).
 * For tests that keep a module's weight or its dependencies in check.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ImportGraph {
  /** the project's files reached, absolute paths */
  files: Set<string>;
  /** the packages imported ('react', 'zod/mini') */
  packages: Set<string>;
}

const STATIC_IMPORT = /^(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;

export function staticImports(entry: string): ImportGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const next = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f) && /\.tsx?$/.test(f));
      if (next) visit(next);
    }
  };
  visit(path.resolve(entry));
  return { files, packages };
}
