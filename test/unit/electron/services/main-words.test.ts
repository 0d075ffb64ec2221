/** The main process's words said from the window's catalogs, in the window's language. */
import { describe, expect, it } from 'vitest';
import { asText, words } from '../../../../electron/core/contract/index.js';
import { mainLocale, refusal, sayNotice, saySentences, sayWords } from '../../../../electron/services/main-words.js';
import { Words } from '../../../../electron/core/contract/index.js';
import { DraftRecord } from '../../../../electron/services/uploads/draft.js';
import { draftRecord } from '../../../support/draft-fixture.js';

describe('sayWords', () => {
  it('says a code with its values in each language, plurals by the language’s rules', () => {
    const full = (perDay: number) => words('wait.inbox_full', { perDay });
    expect(sayWords(full(5))).toBe('Inbox full: the platform allows 5 drafts waiting in an inbox per day; it continues when one is posted');
    expect(sayWords(full(1))).toContain('allows 1 draft waiting');
    expect(sayWords(full(5), 'pt-BR')).toContain('permite 5 rascunhos pendentes');
    expect(sayWords(full(1), 'es')).toContain('permite 1 borrador pendiente');
    expect(sayWords(full(5), 'id')).toContain('mengizinkan 5 draf');
    expect(sayWords(full(5), 'ja')).toContain('5 件まで');
    // Arabic: two is its own form, 3–10 "few", 11–99 "many".
    expect(sayWords(full(2), 'ar')).toContain('بمسودتين');
    expect(sayWords(full(5), 'ar')).toContain('5 مسودات');
    expect(sayWords(full(11), 'ar')).toContain('11 مسودة');
  });

  it('passes on what someone else said as it came, and an unknown code as its text or the code', () => {
    expect(sayWords(asText('The platform said no'), 'ja')).toBe('The platform said no');
    expect(sayWords(words('from.a.newer.app', { text: 'fallback' }))).toBe('fallback');
    expect(sayWords(words('from.a.newer.app'))).toBe('from.a.newer.app');
  });

  it('says words inside words first, in the same language (a reason inside a sentence)', () => {
    const why = words('account.status.sign_in_again', { reason: words('account.reason.expired') });
    const waits = words('watch.waits', { reason: why });
    expect(sayWords(waits)).toBe('New videos wait: Sign in again: the sign-in has expired');
    expect(sayWords(waits, 'es')).toBe('Los vídeos nuevos esperan: Vuelve a iniciar sesión: la sesión ha caducado');
    expect(sayWords(waits, 'ar')).toBe('الفيديوهات الجديدة تنتظر: سجّل الدخول مرة أخرى: انتهت صلاحية تسجيل الدخول');
    // The contract carries them as they are, and refuses a value that is neither words, text nor a number.
    expect(Words.parse(waits)).toEqual(waits);
    expect(Words.safeParse({ code: 'watch.waits', params: { reason: { code: 'x' } } }).success).toBe(false);
  });

  it('makes a refusal whose message is the English of its words', () => {
    const refused = refusal('invalid_folder', 'watch.no_folder', { path: '/home/ava/Missing' });
    expect(refused).toMatchObject({ code: 'invalid_folder', message: 'There is no folder at /home/ava/Missing', words: { code: 'watch.no_folder', params: { path: '/home/ava/Missing' } } });
    expect(sayWords(refused.words!, 'ja')).toBe('/home/ava/Missing にフォルダーはありません');
  });

  it('strings sentences together the language’s way', () => {
    const parts = [words('batch.in_inbox', { count: 2 }), words('batch.finish_in_app')];
    expect(saySentences(parts)).toBe('2 in the inbox. Finish the post in the platform’s app.');
    expect(saySentences(parts, 'ja')).toBe('受信箱に 2 件。プラットフォームのアプリで投稿を仕上げてください。');
    expect(sayNotice({ title: words('batch.failed_many', { failed: 1, total: 3 }), body: parts }, 'es').title).toBe('Fallaron 1 de 3 borradores');
  });
});

describe('mainLocale', () => {
  it('resolves as the window does: the choice, else the OS languages, pt-PT → pt-BR, unknown → English', () => {
    expect(mainLocale('ja', ['ar'])).toBe('ja');
    expect(mainLocale('system', ['fr-FR', 'pt-PT', 'en'])).toBe('pt-BR');
    expect(mainLocale('system', ['es_MX'])).toBe('es');
    expect(mainLocale('system', ['zh-CN'])).toBe('en');
    expect(mainLocale(undefined, [])).toBe('en');
    expect(mainLocale('en-XA', ['ja'])).toBe('en');
  });
});

describe('a draft saved by an earlier version', () => {
  it('reads its reason in words as that sentence, passed on as it is', () => {
    const record = DraftRecord.parse({ ...draftRecord({ state: 'waiting' }), reason: 'Rate limit: the platform asked to slow down', freshPublishReason: 'The upload link expired' });
    expect(record.reason).toEqual(asText('Rate limit: the platform asked to slow down'));
    expect(record.freshPublishReason).toEqual(asText('The upload link expired'));
  });
});
