/**
 * The real Electron app, end to end, with Playwright's `_electron`: it launches the built app
 * (dist-electron/main.cjs, as `npm start` does), signs in through the embedded sandbox's consent
 * page, chooses a video in the window (the preload turns the chosen File into its path on disk)
 * and sees it reach the account's inbox.
 *
 * It needs an Electron binary: DRAFTDECK_ELECTRON names one, or the installed `electron` package's
 * binary is used. Without one (npm could not download it, as on the project's CI machines) the
 * test is reported as SKIPPED, with the reason, never as passed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { approveConsent } from '../support/consent-browser.js';

const root = resolve(import.meta.dirname, '../..');
const MEDIA = resolve(import.meta.dirname, '../fixtures/media');
const launch = (await import(pathToFileURL(join(root, 'scripts', 'electron-launch.mjs')).href)) as {
  installedElectron(): string | null;
  electronEnv(env: NodeJS.ProcessEnv): Record<string, string>;
};

/** The Electron binary to run, or why there is none. */
function electronBinary(): { path: string } | { missing: string } {
  // A binary named on purpose is used as it is: a wrong path fails the launch, it does not skip.
  const named = process.env.DRAFTDECK_ELECTRON;
  if (named) return { path: named };
  const installed = launch.installedElectron();
  if (installed) return { path: installed };
  return { missing: 'no Electron binary: the electron package has none installed here (its download needs the internet); set DRAFTDECK_ELECTRON=/path/to/electron to run this test' };
}

const binary = electronBinary();
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

test.describe('the Electron app (real Electron)', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');
  test.skip(!('missing' in binary) && noDisplay, 'no display (DISPLAY / WAYLAND_DISPLAY) to open the window on; run it under xvfb-run');

  let app: ElectronApplication;
  let dataDir: string;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'draftdeck-electron-'));
    app = await electron.launch({
      executablePath: (binary as { path: string }).path,
      args: [root, '--data-dir', dataDir, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      env: { ...launch.electronEnv(process.env), LOG_LEVEL: 'info' },
    });
    // Links the app opens would go to the system browser: the test plays the browser instead.
    await app.evaluate(({ shell }) => {
      shell.openExternal = async () => {};
    });
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('signs in through the sandbox consent page, sends a chosen video, and sees it reach the inbox', async () => {
    test.setTimeout(120_000);
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    expect(page.url()).toBe('app://draftdeck/');

    // Add account, as the window asks the main process; the consent page is the embedded sandbox's.
    const started = await page.evaluate(() => (window as unknown as { draftdeck: { invoke(channel: string): Promise<{ ok: boolean; value: { authorizeUrl: string } }> } }).draftdeck.invoke('accounts.signIn.start'));
    expect(started.ok).toBe(true);
    const { callbackStatus } = await approveConsent(started.value.authorizeUrl, 'sbx-user-ava');
    expect(callbackStatus).toBe(200);
    await expect(page.getByLabel('Send to: Ava Makes')).toBeVisible({ timeout: 30_000 });

    // Chosen with the picker: in Electron the preload sends the file's path, not its bytes.
    await page.getByTestId('choose-videos-input').setInputFiles(resolve(MEDIA, 'tiny-1s-h264.mp4'));
    const row = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem').filter({ has: page.getByText('tiny-1s-h264.mp4', { exact: true }) });
    await expect(row.getByText('In inbox', { exact: true })).toBeVisible({ timeout: 60_000 });

    // The log went to the data folder's log file, not to a console.
    expect(existsSync(join(dataDir, 'logs', 'draftdeck.log'))).toBe(true);
  });
});
