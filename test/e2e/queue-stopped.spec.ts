/**
 * While Draftdeck is stopped, the queue's rows say so and their actions are out of reach (issue
 * 28, point 3), in Chromium: the app is stopped for real (its process ends) under an open tab.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMp4File } from '../support/media.js';
import { removeDir, startWebApp } from '../support/web-app.js';
import { callApp, draftRow, openQueue, setChaos, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

test('a stopped app: the rows say so and their buttons cannot be used', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await startWebApp();
  try {
    await signIn(app, 'sbx-user-ava');
    await setChaos(app, [{ route: 'PUT /upload/', probability: 1, latency_ms: 20_000 }]);
    const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-stop-'));
    const path = join(dir, 'held.mp4');
    await writeMp4File(path, 400_000, 7);
    const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: readFileSync(path) });
    rmSync(dir, { recursive: true, force: true });
    const { value } = (await response.json()) as { value: { fileId: string } };
    await callApp(app, 'drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId: value.fileId }, name: 'held.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await openQueue(page, app);
    const pause = draftRow(page, 'held.mp4').getByRole('button', { name: 'Pause held.mp4' });
    await expect(pause).toBeVisible();
    await expect(page.getByText('Draftdeck is stopped: these rows show what was last known')).toHaveCount(0);

    await app.stop();
    await expect(page.getByText('Draftdeck is stopped: these rows show what was last known')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('queue-body')).toHaveAttribute('inert', '');
    // Out of reach: inert content takes no focus and no clicks.
    await pause.focus();
    await expect(pause).not.toBeFocused();
  } finally {
    await app.stop().catch(() => undefined);
    removeDir(app.dataDir);
  }
});
