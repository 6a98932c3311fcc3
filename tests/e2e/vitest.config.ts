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
    // assertions on the page poll (expect.poll) until the UI settles instead of reading it once
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // one retry of a failed browser test on a shared 2-core CI machine; a test that fails twice is red
    retry: 1,
    reporters: ['default'],
  },
});
