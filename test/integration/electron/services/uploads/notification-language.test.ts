/**
 * The system notification for a batch speaks the window's language: the OS's languages while the
 * setting is `system`, the chosen language once one is chosen (at once, no restart). The event the
 * page gets is codes and values; the words are the catalogs' (services/main-words.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { writeMp4File } from '../../../../support/media.js';

const AVA = 'sbx-user-ava';
let h: AppHarness;
const shown: { title: string; body: string }[] = [];

beforeAll(async () => {
  h = await startAppHarness({ host: { systemLanguages: () => ['ja-JP', 'en-US'], notify: (_notice, text) => void shown.push(text) } });
  await h.signIn(AVA);
});
afterAll(() => h?.close());

async function deliver(name: string, seed: number): Promise<void> {
  const path = join(h.dataDir, name);
  await writeMp4File(path, 2 * 1024 * 1024, seed);
  const { fileId } = await h.app.incoming.receive(createReadStream(path));
  await h.call('drafts.add', { openIds: [AVA], files: [{ source: { kind: 'incoming', fileId }, name, mimeType: 'video/mp4', durationMs: null }] });
  await h.waitForEvent('notices.batch', (notice) => notice.title.params.name === name);
}

it('follows the OS languages, then the language chosen in Settings', { timeout: 180_000 }, async () => {
  await deliver('one.mp4', 41);
  expect(shown.at(-1)).toEqual({ title: 'one.mp4 が受信箱に届きました', body: 'プラットフォームのアプリで投稿を仕上げてください。' });

  await h.call('settings.set', { language: { locale: 'ar' } });
  await deliver('two.mp4', 42);
  expect(shown.at(-1)).toEqual({ title: 'وصل two.mp4 إلى صندوق الوارد', body: 'أكمل المنشور في تطبيق المنصة.' });

  await h.call('settings.set', { language: { locale: 'pt-BR' } });
  await deliver('three.mp4', 43);
  expect(shown.at(-1)).toEqual({ title: 'three.mp4 chegou à caixa de entrada', body: 'Conclua o post no app da plataforma.' });
});
