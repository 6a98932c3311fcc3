import { defineConfig } from 'vitest/config';

/**
 * `npm run test:engines`: the journeys of greeters, visitors, the desk and admins, on the engine named by
 * ENGINE (chromium, firefox or webkit; docs/quality.md "Browser engines"), against the built PWA and the
 * real server of tests/e2e/global-setup.ts. One file at a time: the machine has 2 cores.
 */
export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: {
    include: ['tests/engines/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    retry: 1,
    reporters: ['default'],
  },
});
