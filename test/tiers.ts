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
 * - stress: crash trials, fuzzing and a burst of webhooks, in `npm test` only in short bounded
 *   forms; their long forms are the benchmarks in test/bench/. The PostgreSQL matrix is bounded the
 *   same way: the backend's SQL-specific suites run on PGlite and on PostgreSQL, the others on
 *   PGlite only (databaseTargets in test/support/backend-db.ts); `npm run bench -- postgres-matrix`
 *   runs every backend suite on PostgreSQL too.
 *
 * scripts/test-tiers.mjs runs the tiers and prints the time each took.
 */

/** Unit files that change the process for the files after them (vi.mock, vi.stubEnv, fake timers, globals). */
export const UNIT_ISOLATED = [
  'test/unit/electron/services/auth/sign-in-flows.test.ts',
  // The Electron glue's tests (the fake electron installed as a module).
  'test/unit/electron/main*.test.ts',
  'test/unit/electron/preload.test.ts',
  'test/unit/electron/desktop/**/*.test.ts',
  'test/unit/electron/transports/electron-bridge.test.ts',
  'test/unit/electron/transports/electron-ipc.test.ts',
  'test/unit/electron/transports/event-hub.test.ts',
  'test/unit/sandbox/state/sandbox-state-durability.test.ts',
  'test/unit/electron/services/shell/update-service.test.ts',
  // The renderer's stores with their transport mocked (each file its own mock of the same modules).
  'test/unit/renderer/src/state/drafts.test.ts',
  'test/unit/renderer/src/state/queue-view.test.ts',
];

/**
 * Integration files that change the process for the files after them (vi.mock, vi.stubEnv): they
 * run isolated, the rest share their worker's module cache (importing the app for every file was
 * about a tenth of the tier's time).
 */
export const INTEGRATION_ISOLATED = ['test/integration/electron/no-secret-leak.test.ts', 'test/unit/scripts/electron-bundles.test.ts'];

/** Files under test/unit/ that build bundles or start programs: integration tier. */
export const INTEGRATION_IN_UNIT = [
  'test/unit/scripts/electron-bundles.test.ts',
  'test/unit/scripts/packaged-files.test.ts',
  'test/unit/electron/main-log-stderr.test.ts',
  // The probe's parser on real files, which it makes with FFmpeg first.
  'test/unit/common/video-probe/*.test.ts',
  // Starts through tsx the second app that races for the data dir's lock (the one way to test it).
  'test/unit/electron/services/data-dir-lock.test.ts',
];

/**
 * Stress tests, in their short bounded forms (`npm run bench -- crash fuzz webhooks` for the long
 * ones): kill -9 during uploads (3 trials, 43 MB each), 400 malformed requests, and 200 webhook
 * deliveries of 15 orders with duplicates and forgeries on PGlite and on PostgreSQL.
 */
export const STRESS = [
  'test/integration/electron/services/uploads/crash.test.ts',
  'test/integration/electron/transports/fuzz.test.ts',
  'test/integration/backend/webhooks/webhooks-bulk.test.ts',
];

export const UNIT = ['test/unit/**/*.test.ts'];
export const INTEGRATION = ['test/integration/**/*.test.ts'];
