import { defineConfig } from 'vitest/config';

/**
 * `npm test`: unit, API (real database) and PWA (fake-indexeddb) tests. API tests run on in-process
 * PGlite, or on the PostgreSQL of TEST_DATABASE_URL (a fresh database per test file, from a template).
 * Browser tests have their own config (tests/e2e/vitest.config.ts).
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    include: ['tests/{unit,api,pwa}/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
