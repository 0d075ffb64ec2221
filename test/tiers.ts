/**
 * Which tier each test is. A test's folder says most of it (test/unit/ unit, test/integration/
 * integration, test/e2e/ end-to-end); this list names the exceptions, so the folders can mirror
 * the source tree while `npm run test:quick` stays quick and the stress runs stay bounded.
 *
 * - unit: one process, no child program, no network beyond loopback in-process servers; run by
 *   `npm run test:quick`. Files that mutate the process (module mocks, env, fake timers, the fake
 *   electron installed as a module) run isolated; the rest share their worker's module cache.
 * - integration: services against a real sandbox process, the backend against a real database,
 *   bundles built and started as programs.
 * - end-to-end: the UI in real Chromium (Playwright, test/e2e/).
 * - stress: crash trials, fuzzing, bulk webhooks, the PostgreSQL matrix. In `npm test` only in
 *   short bounded forms; their long forms are the benchmarks in test/bench/.
 *
 * scripts/test-tiers.mjs runs the tiers and prints the time each took.
 */

/** Unit files that change the process for the files after them (vi.mock, vi.stubEnv, fake timers, globals). */
export const UNIT_ISOLATED = [
  'test/unit/auth/sign-in-flows.test.ts',
  'test/unit/electron/**/*.test.ts',
  'test/unit/hosts/electron-bridge.test.ts',
  'test/unit/hosts/electron-ipc.test.ts',
  'test/unit/hosts/event-hub.test.ts',
  'test/unit/sandbox/sandbox-state-durability.test.ts',
  'test/unit/services/update-service.test.ts',
];

/** Files under test/unit/ that build bundles or start programs: integration tier. */
export const INTEGRATION_IN_UNIT = [
  'test/unit/packaging/electron-bundles.test.ts',
  'test/unit/packaging/packaged-files.test.ts',
  'test/unit/electron/main-log-stderr.test.ts',
];

/**
 * Stress tests, in their short bounded forms (`npm run bench -- crash fuzz webhooks` for the long
 * ones): kill -9 during uploads (3 trials, 43 MB each) and 400 malformed requests. The bulk
 * webhook deliveries (400, test/integration/backend/webhooks.test.ts) stay with the receiver's
 * other tests in the integration tier, bounded the same way.
 */
export const STRESS = [
  'test/integration/reliability/crash.test.ts',
  'test/integration/reliability/fuzz.test.ts',
];

export const UNIT = ['test/unit/**/*.test.ts'];
export const INTEGRATION = ['test/integration/**/*.test.ts'];
