import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two at a time even on a 2-core machine (vitest's default there is one): most integration tests
    // wait on a sandbox, a database or a child process rather than compute. 596 s → 384 s for the
    // suite on a CI-sized machine, every test passing.
    maxWorkers: 2,
    // The built-in platform's bundles, which the app's tests start as programs.
    globalSetup: ['test/support/build-platform.ts'],
  },
});
