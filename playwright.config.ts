import { defineConfig } from '@playwright/test';

// Playwright cannot download its browsers here: tests drive Debian's Chromium (or CHROMIUM_PATH).
export default defineConfig({
  testDir: 'test/e2e',
  // Web mode's bundle, the renderer and the built-in platform's programs, when stale.
  globalSetup: './test/e2e/fixtures/global-setup.ts',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Skipped tests are listed with their reason after the run (test/e2e/skip-reasons-reporter.ts).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./test/e2e/skip-reasons-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
});
