/**
 * Every file the app reads at start, damaged (cut short, garbage, or the wrong shape): the app
 * starts anyway, each is moved aside under a timestamped name, and the window says what happened
 * and where the damaged copy is, in a notice a person dismisses. The built-in platform's own
 * files (the sandbox's state.json, the backend's PGlite folder) are told by its programs' ready
 * lines and shown the same way.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { consoleErrors } from './fixtures/web-app.js';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { seedEmbeddedBackend } from '../support/seed-backend.js';
import { webClient } from '../support/web-client.js';

const test = base.extend<{ consoleErrors: string[] }>({ consoleErrors });

const DAMAGED: Record<string, string> = {
  'draftdeck.json': '{"settings":{"uploads":{"concurrency":',
  'web-session.json': 'garbage',
  'drafts.json': '{"not":"a list of drafts"}',
  'watch-folders/taken.json': '[{"folderId":1}]',
  'sandbox/state.json': '{"version":1,"collections":',
};

test('a damaged file at start is moved aside with the time, and the window says what and where', async ({ page, consoleErrors }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'draftdeck-e2e-damaged-'));
  let app: RunningWebApp | null = null;
  try {
    await seedEmbeddedBackend(dataDir);
    mkdirSync(join(dataDir, 'watch-folders'), { recursive: true, mode: 0o700 });
    mkdirSync(join(dataDir, 'sandbox'), { recursive: true, mode: 0o700 });
    for (const [name, content] of Object.entries(DAMAGED)) writeFileSync(join(dataDir, name), content, { mode: 0o600 });
    writeFileSync(join(dataDir, 'backend', 'pglite', 'global', 'pg_control'), 'not a control file');

    app = await startWebApp({ dataDir });
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    // The built-in platform starts in the background; its programs say what they moved aside.
    await webClient(app).sandboxUrl();
    const notices = page.getByTestId('app-notice');
    await expect(notices).toHaveCount(6, { timeout: 180_000 });

    const expected = [
      ['Settings and accounts', 'draftdeck.json'],
      ["The web page's session", 'web-session.json'],
      ['The drafts queue', 'drafts.json'],
      ["The watch folders' list of files taken", join('watch-folders', 'taken.json')],
      // The built-in programs' files by what they hold, in the window's words (not "partner backend").
      ["The built-in platform's saved accounts and inboxes", join('sandbox', 'state.json')],
      ["The built-in Store's orders and purchases", join('backend', 'pglite')],
    ] as const;
    for (const [what, name] of expected) {
      const notice = notices.filter({ hasText: what });
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText('could not be read and started fresh');
      const copy = join(dataDir, `${name}.damaged-`);
      await expect(notice.locator('code')).toContainText(copy);
      const movedTo = (await notice.locator('code').textContent())!;
      expect((await notice.textContent())!.split(copy)).toHaveLength(2); // said once, in its own line
      expect(readdirSync(join(movedTo, '..'))).toContain(movedTo.slice(movedTo.lastIndexOf('/') + 1));
    }

    // Dismissed, it stays gone (also after a reload: the app forgets it, not just the page).
    await notices.filter({ hasText: 'The drafts queue' }).getByRole('button', { name: /^Dismiss/ }).click();
    await expect(notices).toHaveCount(5);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    await expect(notices).toHaveCount(5);
    await expect(notices.filter({ hasText: 'The drafts queue' })).toHaveCount(0);

    // The fresh files work: a setting saved now is there after a restart, which finds nothing damaged.
    expect((await webClient(app).call('settings.set', { uploads: { concurrency: 4 } })).uploads.concurrency).toBe(4);
    await page.goto('about:blank'); // the page would (rightly) log the stopped app's refused connections
    await app.stop();
    app = await startWebApp({ dataDir });
    expect((await webClient(app).call('settings.get')).uploads.concurrency).toBe(4);
    await webClient(app).sandboxUrl();
    expect(await webClient(app).call('appNotices.list')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await app?.stop();
    removeDir(dataDir);
  }
});
