/**
 * A draft's state, its figures and the queue's counts in the window's language (issue 30): the
 * words from the catalogs, the numbers, sizes, percentages and times through Intl for the locale.
 */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../../electron/core/contract/index.js';
import { en } from '../../../../../../renderer/src/i18n/messages/en/index.js';
import arCommon from '../../../../../../renderer/src/i18n/messages/ar/common.json' with { type: 'json' };
import arQueue from '../../../../../../renderer/src/i18n/messages/ar/queue.json' with { type: 'json' };
import jaCommon from '../../../../../../renderer/src/i18n/messages/ja/common.json' with { type: 'json' };
import jaQueue from '../../../../../../renderer/src/i18n/messages/ja/queue.json' with { type: 'json' };
import { describeDraft, stateInline, summaryParts } from '../../../../../../renderer/src/views/queue/draft-words.js';
import { whenWords } from '../../../../../../renderer/src/views/queue/when-words.js';

const intlOf = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages: { ...en, ...messages }, onError: () => undefined });
const english = intlOf('en', {});
const japanese = intlOf('ja', { ...jaCommon, ...jaQueue });
const arabic = intlOf('ar', { ...arCommon, ...arQueue });

const MiB = 1024 * 1024;
const uploading = {
  id: 'd1', kind: 'video', state: 'uploading', size: 40 * MiB, sentBytes: 10 * MiB, uploadedBytes: 8 * MiB, speedBps: 2 * MiB, etaSeconds: 15, photo: null,
} as unknown as DraftView;
const summary = { total: 3, queued: 0, waiting: 0, uploading: 1, processing: 0, inbox: 0, posted: 0, failed: 2, paused: 0, cancelled: 0 };

describe('draft words', () => {
  it('says an upload under way in English as before', () => {
    const words = describeDraft(english, uploading, null);
    expect(words.label).toBe('Uploading 25%');
    expect(words.detail).toBe('10 MB of 40 MB sent · 2 MB/s · 15 sec left');
    expect(words.progress).toBe(25);
    expect(summaryParts(english, summary)).toEqual(['1 uploading', '2 failed']);
  });

  it('says it in Japanese, with the state, sizes and counts in Japanese', () => {
    const words = describeDraft(japanese, uploading, null);
    expect(words.label).toBe('アップロード中 25%');
    expect(words.detail).toContain('40 MB 中 10 MB を送信');
    expect(words.detail).toContain('残り');
    expect(summaryParts(japanese, summary)).toEqual(['アップロード中 1 件', '失敗 2 件']);
    expect(describeDraft(japanese, { ...uploading, state: 'inbox' }, null)).toMatchObject({ label: '受信箱にあり', detail: 'プラットフォームのアプリで投稿を仕上げてください' });
  });

  it('says it in Arabic, with the percentage and counts as Intl writes them for Arabic', () => {
    const words = describeDraft(arabic, uploading, null);
    expect(words.label).toBe(`جارٍ الرفع ${arabic.formatNumber(0.25, { style: 'percent' })}`);
    expect(words.label).not.toContain('Uploading');
    expect(words.detail).toMatch(/^أُرسل .+ من .+/);
    expect(summaryParts(arabic, summary)[1]).toBe(`${arabic.formatNumber(2)} فاشلة`);
  });

  it('puts a state inside a sentence in lower case where the script has cases', () => {
    expect(stateInline(english, 'inbox')).toBe('in inbox');
    expect(stateInline(japanese, 'inbox')).toBe('受信箱にあり');
  });

  it('says when a waiting draft goes in the window’s language', () => {
    const now = new Date(2026, 10, 23, 15, 0).getTime();
    expect(whenWords(japanese, now + 3600_000, now)).toMatch(/^今日 /);
    expect(whenWords(japanese, now + 20 * 3600_000, now)).toMatch(/^明日 /);
    expect(whenWords(arabic, now + 20 * 3600_000, now)).toMatch(/^غدًا /);
    expect(whenWords(english, now + 3 * 24 * 3600_000, now)).toMatch(/^Thu, Nov 26 /);
  });
});
