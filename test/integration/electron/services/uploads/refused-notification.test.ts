/**
 * A system notification is shown from inside the queue's journal write (the batch's last draft
 * reaching its outcome). When the system refuses it (notifications off, no notification daemon),
 * the refusal is logged and nothing else: the draft still reaches the inbox, its state is saved,
 * and the page still gets the notice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { writeMp4File } from '../../../../support/media.js';

const AVA = 'sbx-user-ava';
let h: AppHarness;
let asked = 0;

beforeAll(async () => {
  h = await startAppHarness({
    host: {
      notify: () => {
        asked++;
        throw new Error('Notifications are turned off for this app');
      },
    },
  });
  await h.signIn(AVA);
});
afterAll(() => h?.close());

it('a notification the system refuses is logged, and the draft still reaches the inbox with its state saved', { timeout: 120_000 }, async () => {
  const path = join(h.dataDir, 'clip.mp4');
  await writeMp4File(path, 3 * 1024 * 1024, 31);
  const { fileId } = await h.app.incoming.receive(createReadStream(path));
  const [draft] = await h.call('drafts.add', { openIds: [AVA], files: [{ source: { kind: 'incoming', fileId }, name: 'clip.mp4', mimeType: 'video/mp4', durationMs: null }] });

  const notice = await h.waitForEvent('notices.batch', () => true);
  expect(notice.title).toEqual({ code: 'batch.arrived_one', params: { name: 'clip.mp4' } });
  expect(asked).toBe(1);
  expect((await h.call('drafts.list')).find((d) => d.id === draft!.id)).toMatchObject({ state: 'inbox', reason: null });
  expect(h.logLines.some((line) => line.includes('could not show a notification') && line.includes('Notifications are turned off'))).toBe(true);

  // The inbox state reached the journal: a restart reads it back.
  await h.close({ keepData: true });
  h = await startAppHarness({ dataDir: h.dataDir });
  expect((await h.call('drafts.list')).find((d) => d.id === draft!.id)).toMatchObject({ state: 'inbox' });
});
