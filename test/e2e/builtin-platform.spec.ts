/**
 * The window first, and the built-in platform as programs of their own (docs/ARCHITECTURE.md
 * "Processes"), in Chromium: the Queue is usable while the platform is not running; when its
 * sandbox program ends unexpectedly, the window says so in words and that it is starting it again,
 * the notice goes by itself once the platform runs again, and the Store (which needs the backend)
 * then shows its catalog without a reload.
 */
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures/web-app.js';
import { webClient } from '../support/web-client.js';
import { builtinProgramPid } from '../support/builtin-platform.js';

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

/** The PID of the sandbox program started for this data dir. */
function sandboxPid(dataDir: string): number {
  const pid = builtinProgramPid(dataDir, 'sandbox');
  if (pid === undefined) throw new Error('no sandbox program for this data dir');
  return pid;
}

test('says when the built-in platform stops unexpectedly, starts it again by itself, and the pages follow', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(300_000);
  const app = webApp.current;
  await webClient(app).sandboxUrl();
  await openApp(page, app);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
  const notice = page.getByTestId('platform-status');
  // Both programs run before the kill: the backend may still be opening its database, and the
  // notice alone cannot say so yet (it is hidden too until the page has read the platform's state,
  // which it asks for once the first screen is painted, so this wait could pass at once).
  await expect.poll(async () => (await webClient(app).call('builtinPlatform.status')).state, { timeout: 60_000 }).toBe('running');
  await expect(notice).toBeHidden();

  // Watched from before the kill (the page's own mutation observer): the restart can be quick.
  const told = page.waitForSelector('[data-testid="platform-status"][data-state="restarting"]', { state: 'attached' });
  process.kill(sandboxPid(app.dataDir), 'SIGKILL');
  expect(await (await told).textContent()).toMatch(/The built-in platform sandbox was ended \(SIGKILL\)\. Starting it again\./);
  // The window stays usable meanwhile: another page opens.
  await nav(page, 'Accounts').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts');

  // Under load the killed sandbox's backend can take a while to let go of its database, and the
  // new one is tried again after growing waits (0.5 s up to 30 s) until it can open it.
  await expect(notice).toBeHidden({ timeout: 120_000 });
  await nav(page, 'Store').click();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { name: 'Sticker pack' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
