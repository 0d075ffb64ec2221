import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../../../../renderer/src/api/client';
import { en } from '../../../../../../renderer/src/i18n/messages/en';
import es from '../../../../../../renderer/src/i18n/messages/es/video.json' with { type: 'json' };
import esMain from '../../../../../../renderer/src/i18n/messages/es/main.json' with { type: 'json' };
import { checkVideoFile, type VideoFileCheck } from '../../../../../../renderer/src/media/video-file-rules';
import { refusalWords } from '../../../../../../renderer/src/views/queue/intake-words';

const intlFor = (locale: string, messages: Record<string, string> = {}) => createIntl({ locale, messages: { ...en, ...messages } });

function refusedFor(file: { name: string; type: string; size: number }) {
  const check: VideoFileCheck = checkVideoFile(file);
  if (check.ok) throw new Error(`${file.name} was taken`);
  return { kind: 'file' as const, problem: check.problem };
}

describe('why a dropped file was refused, in words', () => {
  it('names the file’s extension, never its MIME type', () => {
    const intl = intlFor('en');
    expect(refusalWords(intl, refusedFor({ name: 'notes.txt', type: 'text/plain', size: 10 }))).toBe('Not a video the platform takes (.txt). Use MP4, MOV or WebM.');
    expect(refusalWords(intl, refusedFor({ name: 'README', type: 'application/x-unknown', size: 10 }))).toBe('Not a video the platform takes. Use MP4, MOV or WebM.');
    expect(refusalWords(intl, refusedFor({ name: 'empty.mp4', type: 'video/mp4', size: 0 }))).toBe('The file is empty.');
    expect(refusalWords(intl, refusedFor({ name: 'huge.mp4', type: 'video/mp4', size: 5 * 1024 ** 3 }))).toBe('Larger than 4 GB, the most the platform takes per video.');
  });

  it('says it in the window’s language, sizes by Intl', () => {
    const intl = intlFor('es', es);
    expect(refusalWords(intl, refusedFor({ name: 'clip.avi', type: 'video/x-msvideo', size: 10 }))).toBe('No es un video que acepte la plataforma (.avi). Usa MP4, MOV o WebM.');
    expect(refusalWords(intl, refusedFor({ name: 'huge.mp4', type: 'video/mp4', size: 5 * 1024 ** 3 }))).toBe('Supera 4 GB, el máximo que acepta la plataforma por video.');
  });

  it('words a refusal of the main process from its code, and keeps words its caller chose', () => {
    // As api/client.ts answers a call the host never answered (an ApiError's fields; the class needs a window).
    const error = { name: 'ApiError', code: 'host_unreachable', message: 'host_unreachable: TypeError: Failed to fetch', words: { code: 'host_unreachable', params: {} } } as ApiError;
    expect(refusalWords(intlFor('es', { ...es, ...esMain }), { kind: 'failed', error })).toBe('El servicio en segundo plano de Draftdeck no responde. Vuelve a intentarlo en un momento.');
    expect(refusalWords(intlFor('en'), { kind: 'text', text: 'No account can receive drafts.' })).toBe('No account can receive drafts.');
  });
});
