import { defineConfig } from 'vitest/config';
import { INTEGRATION, INTEGRATION_IN_UNIT, INTEGRATION_ISOLATED, STRESS, UNIT, UNIT_ISOLATED } from './test/tiers.js';

/** What the integration tier's two projects share. */
const INTEGRATION_GROUP = {
  // Three files at a time: they wait on programs more than they compute (468 s of CPU in 548 s
  // with two). vitest wants one worker count per group of projects, hence a group of its own.
  maxWorkers: 3,
  sequence: { groupOrder: 1 },
  // The built-in platform's bundles, which the app's tests start as programs.
  globalSetup: ['test/support/build-platform.ts'],
};

// The tiers (test/tiers.ts) as projects: `vitest run --project unit --project unit-isolated` is the
// unit tier alone (npm run test:quick), `--project integration --project integration-isolated`
// and `--project stress` the others.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two at a time even on a 2-core machine (vitest's default there is one): most integration tests
    // wait on a sandbox, a database or a child process rather than compute. 596 s → 384 s for the
    // suite on a CI-sized machine, every test passing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Pure modules: one module cache per worker instead of one per file (importing was a third
        // of the unit tests' time).
        test: { name: 'unit', include: UNIT, exclude: [...UNIT_ISOLATED, ...INTEGRATION_IN_UNIT], isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED, exclude: INTEGRATION_IN_UNIT, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [...INTEGRATION, ...INTEGRATION_IN_UNIT],
          exclude: [...STRESS, ...INTEGRATION_ISOLATED],
          isolate: false,
          ...INTEGRATION_GROUP,
        },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: INTEGRATION_ISOLATED, isolate: true, ...INTEGRATION_GROUP },
      },
      {
        extends: true,
        test: { name: 'stress', include: STRESS, sequence: { groupOrder: 2 }, globalSetup: ['test/support/build-platform.ts'] },
      },
    ],
  },
});
