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

/** electron-updater as the test drives it: each check waits for the answer the test gives. */
class ScriptedUpdater implements UpdaterPort {
  readonly checkedFeeds: string[] = [];
  installs = 0;
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
    await expect(page.getByText(`Could not open ${desktop.logFolder}: Failed to open path`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('Updates: off until a feed is saved, then Check for updates goes through checking and downloading to Restart to update', async ({ page, desktop, consoleErrors }) => {
    await page.goto(desktop.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const updates = page.getByRole('region', { name: 'Updates' });
    const status = updates.locator('.update-status').getByRole('status');
    const check = updates.getByRole('button', { name: 'Check for updates' });
    await expect(status).toHaveText('Off: add a feed URL above to check for new versions.');
    await expect(check).toHaveAttribute('aria-disabled', 'true');

    await updates.getByLabel('Update feed URL').fill('https://updates.example.com/draftdeck/');
    await updates.getByRole('button', { name: 'Save updates' }).click();
    await expect(status).toHaveText('Draftdeck 0.1.0. Not checked yet.');

    // Up to date first.
    await check.click();
    await expect(status).toHaveText('Checking for updates…');
    await expect.poll(() => desktop.updater.checking).toBe(true);
    expect(desktop.updater.checkedFeeds).toEqual(['https://updates.example.com/draftdeck/']);
    desktop.updater.answerCheck({ kind: 'none' });
    await expect(status).toContainText('Draftdeck 0.1.0 is the newest version');

    // Then a newer version: it downloads by itself, with its progress, and offers the restart.
    await check.click();
    await expect.poll(() => desktop.updater.checking).toBe(true);
    desktop.updater.answerCheck({ kind: 'available', version: '0.2.0' });
    await expect(status).toHaveText('Downloading Draftdeck 0.2.0… 0%');
    desktop.updater.reportProgress(42.4);
    await expect(status).toHaveText('Downloading Draftdeck 0.2.0… 42%');
    desktop.updater.reportDownloaded('0.2.0');
    await expect(status).toHaveText('Draftdeck 0.2.0 is ready. Restart Draftdeck to update.');
    await updates.getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => desktop.updater.installs).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
