import { defineConfig } from '@playwright/test';

/** Spec files that take longest (ui-layout-a11y: a scan of every view, theme and size, 2 min under load). */
const LONGEST_FIRST = [/ui-layout-a11y\.spec\.ts$/];

// Playwright cannot download its browsers here: tests drive Debian's Chromium (or CHROMIUM_PATH).
export default defineConfig({
  testDir: 'test/e2e',
  // Web mode's bundle, the renderer and the built-in platform's programs, when stale.
  globalSetup: './test/e2e/fixtures/global-setup.ts',
  timeout: 60_000,
  fullyParallel: false,
  // Two spec files at a time: each starts its own app on its own ports and data dir, and the
  // tests mostly wait on the app and the platform (one worker kept about half a core busy).
  workers: 2,
  // The longest file first, on a worker of its own, so it does not run alone at the end.
  projects: [
    { name: 'longest', testMatch: LONGEST_FIRST },
    { name: 'e2e', testIgnore: LONGEST_FIRST },
  ],
  retries: 0,
  // The run ends with each skipped test's reason and each failure's error (test/e2e/run-summary-reporter.ts).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./test/e2e/run-summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
});
