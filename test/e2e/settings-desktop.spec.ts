/**
 * Settings as the desktop app shows them, in real Chromium: About names the log folder and opens
 * it, and Updates walks "Check for updates" through its states to "Restart to update". Web mode
 * (settings-updates-logs.spec.ts) has neither a log folder nor an updater, and the real-Electron
 * smoke test runs only where an Electron binary is, so here the app's services are built as
 * electron/main.ts builds them (createApp, runtime 'electron', the real log files and logs-folder
 * code) and served to the page by the web host. Only the two OS pieces are fakes: shell.openPath,
 * and electron-updater behind UpdaterPort (its adapter is unit-tested in update-service.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createLogFiles } from '../../electron/desktop/log-files.js';
import { logsFolder } from '../../electron/desktop/logs-folder.js';
import { startWebTransport } from '../../electron/transports/web-host.js';
import type { UpdateCheck, UpdaterPort } from '../../electron/services/shell/update-service.js';
import { startAppHarness } from '../support/app-harness.js';
import { memoryLogger } from '../support/silent-log.js';
import { consoleErrors } from './fixtures/web-app.js';

const root = resolve(import.meta.dirname, '../..');

const BUILD_FEED = 'https://updates.draftdeck.app/';

/** electron-updater as the test drives it: each check waits for the answer the test gives; the test answers the native feed dialog too. */
class ScriptedUpdater implements UpdaterPort {
  readonly buildFeed = BUILD_FEED;
  readonly policyFeed = null;
  readonly refusal = null;
  readonly checkedFeeds: string[] = [];
  readonly confirmations: string[] = [];
  confirmAnswer = false;
  installs = 0;
  async confirmFeed(url: string): Promise<boolean> {
    this.confirmations.push(url);
    return this.confirmAnswer;
  }
  private answer: ((check: UpdateCheck) => void) | null = null;
  private readonly progress: ((percent: number) => void)[] = [];
  private readonly downloaded: ((version: string) => void)[] = [];
  check(feedUrl: string): Promise<UpdateCheck> {
    this.checkedFeeds.push(feedUrl);
    return new Promise((resolveCheck) => (this.answer = resolveCheck));
  }
  answerCheck(check: UpdateCheck): void {
    this.answer?.(check);
    this.answer = null;
  }
  get checking(): boolean {
    return this.answer !== null;
  }
  onProgress(listener: (percent: number) => void): void {
    this.progress.push(listener);
  }
  onDownloaded(listener: (version: string) => void): void {
    this.downloaded.push(listener);
  }
  onError(): void {}
  reportProgress(percent: number): void {
    for (const listener of this.progress) listener(percent);
  }
  reportDownloaded(version: string): void {
    for (const listener of this.downloaded) listener(version);
  }
  quitAndInstall(): void {
    this.installs++;
  }
}

interface DesktopApp {
  url: string;
  logFolder: string;
  openedPaths: string[];
  /** What shell.openPath answers next: '' (opened) or the OS's reason it could not. */
  openPathAnswer: { value: string };
  updater: ScriptedUpdater;
}

const test = base.extend<{ desktop: DesktopApp; consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern
  desktop: async ({}, use) => {
    const updater = new ScriptedUpdater();
    const openedPaths: string[] = [];
    const openPathAnswer = { value: '' };
    const shell = {
      async openPath(path: string) {
        openedPaths.push(path);
        return openPathAnswer.value;
      },
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'draftdeck-desktop-'));
    // As main.ts with --data-dir: rotating log files in DIR/logs.
    const logFolder = join(dataDir, 'logs');
    const harness = await startAppHarness({
      dataDir,
      host: { runtime: 'electron', version: '0.1.0', updater, logs: logsFolder(shell, logFolder, createLogFiles({ dir: logFolder })) },
    });
    const transport = await startWebTransport({ dispatch: harness.app.dispatch, hub: harness.app.hub, incoming: harness.app.incoming, rendererDir: join(root, 'dist', 'renderer'), log: memoryLogger().log });
    await use({ url: transport.url, logFolder, openedPaths, openPathAnswer, updater });
    await transport.close();
    await harness.close();
  },
  consoleErrors,
});

test.describe('settings in the desktop app', () => {
  test('About names the log folder and opens it, and says when it cannot', async ({ page, desktop, consoleErrors }) => {
    await page.goto(desktop.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByText('Desktop app', { exact: true })).toBeVisible();
    await expect(about.getByText(desktop.logFolder, { exact: true })).toBeVisible();

    await about.getByRole('button', { name: 'Open the logs folder' }).click();
    await expect.poll(() => desktop.openedPaths).toEqual([desktop.logFolder]);

    desktop.openPathAnswer.value = 'Failed to open path';
    await about.getByRole('button', { name: 'Open the logs folder' }).click();
    await expect(page.getByText('Could not open the logs folder: Failed to open path')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("Updates: on by default from the release's feed; another address only once confirmed in the native dialog; Check for updates through to Restart to update, with a notice on every page", async ({ page, desktop, consoleErrors }) => {
    await page.goto(desktop.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const updates = page.getByRole('region', { name: 'Updates' });
    const status = updates.locator('.update-status').getByRole('status');
    const check = updates.getByRole('button', { name: 'Check for updates' });
    await expect(status).toHaveText('Draftdeck 0.1.0. It checks for updates by itself at start and every 4 hours.');
    await expect(updates.getByText(`Updates come from ${BUILD_FEED} (this release's own address).`)).toBeVisible();

    // Another address: the page asks, the main process's dialog decides.
    const mirror = 'https://mirror.example.org/draftdeck/';
    await updates.getByLabel('Another update address').fill(mirror);
    await updates.getByRole('button', { name: 'Use this address…' }).click();
    await expect(updates.getByText('The update feed was not changed')).toBeVisible();
    expect(desktop.updater.confirmations).toEqual([mirror]);
    desktop.updater.confirmAnswer = true;
    await updates.getByRole('button', { name: 'Use this address…' }).click();
    await expect(updates.getByText(`Updates come from ${mirror} (an address you chose).`)).toBeVisible();

    // Up to date first.
    await check.click();
    await expect.poll(() => desktop.updater.checking).toBe(true);
    expect(desktop.updater.checkedFeeds.at(-1)).toBe(mirror);
    desktop.updater.answerCheck({ kind: 'none' });
    await expect(status).toContainText('Draftdeck 0.1.0 is the newest version');

    // Back to the release's own address, without a dialog.
    await updates.getByRole('button', { name: "Go back to this release's own address" }).click();
    await expect(updates.getByText(`Updates come from ${BUILD_FEED} (this release's own address).`)).toBeVisible();
    expect(desktop.updater.confirmations).toEqual([mirror, mirror]);

    // Then a newer version: it downloads by itself, with its progress, and offers the restart.
    await check.click();
    await expect.poll(() => desktop.updater.checking).toBe(true);
    expect(desktop.updater.checkedFeeds.at(-1)).toBe(BUILD_FEED);
    desktop.updater.answerCheck({ kind: 'available', version: '0.2.0' });
    await expect(status).toHaveText('Downloading Draftdeck 0.2.0… 0%');
    desktop.updater.reportProgress(42.4);
    await expect(status).toHaveText('Downloading Draftdeck 0.2.0… 42%');
    desktop.updater.reportDownloaded('0.2.0');
    await expect(status).toHaveText('Draftdeck 0.2.0 is ready: it installs when you quit, or restart now.');
    // The notice beside every page says it too.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Queue', exact: true }).click();
    const notice = page.getByTestId('update-notice');
    await expect(notice).toContainText('Draftdeck 0.2.0 is ready: it installs when you quit.');
    await notice.getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => desktop.updater.installs).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
