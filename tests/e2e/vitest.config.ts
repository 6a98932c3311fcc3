import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: browser tests against the built PWA served by the real server (see
 * global-setup.ts). One file at a time: each file drives its own Chromium, and the machine has 2 cores.
 */
export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
