/**
 * Words a creator uses (issue 28, point 6): the window's English never shows the platform's or the
 * app's technical names — an account's Open ID, raw scopes, the vault's file, the partner backend,
 * product ids, MIME types, fail codes, HTTP statuses. They may sit behind "Details": a message
 * whose id has a `details` segment is that disclosure's text. Only the messages' own text is read
 * (ICU arguments and select keys are not words the window shows); every language translates English,
 * so English is where such a word would come from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../../../renderer/src/i18n/messages/en';

const FORBIDDEN: readonly [string, RegExp][] = [
  ['Open ID', /\bopen[ _-]?id\b/i],
  ['a raw scope', /\b(user\.info|video\.(upload|list|publish)|research\.(data|adlib))\b/],
  ['an internal file', /\bvault\.key\b|\.json\b|\bpglite\b/i],
  ['the partner backend', /\bpartner backend\b/i],
  ['a MIME type', /\b(video|image|audio|application)\/[a-z0-9.+-]+/],
  ['a fail code or id (snake_case)', /\b[a-z]+(?:_[a-z0-9]+)+\b/],
  ['an HTTP status', /\bHTTP\s*\d{3}\b|\(\s*\d{3}\s*\)/],
];

/** Keys whose text is a technical disclosure or an example of what to type (a username, a query's field names). */
const ALLOWED = /(^|\.)(details|example|placeholder|json)(\.|$)/;

function literalText(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.tag) return literalText(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) return Object.values(element.options).map((option) => literalText(option.value)).join(' ');
      return ' ';
    })
    .join('');
}

export function technicalWords(messages: Record<string, string>): string[] {
  return Object.entries(messages).flatMap(([key, message]) => {
    if (ALLOWED.test(key)) return [];
    const text = literalText(parse(message, { ignoreTag: false }));
    return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${key}: ${what} in "${message}"`);
  });
}

describe('the words a creator reads', () => {
  it('name nothing technical outside Details, in any area', () => {
    const found = AREAS.flatMap((area) => technicalWords(JSON.parse(readFileSync(join(process.cwd(), 'renderer/src/i18n/messages/en', `${area}.json`), 'utf8')) as Record<string, string>));
    expect(found).toEqual([]);
  });

  it('finds each kind of technical word it forbids (the check can fail)', () => {
    const planted = {
      'accounts.card.id': 'Open ID',
      'main.fail.scope': 'Allow {name} (video.upload)',
      'main.vault.where': 'Stored in vault.key',
      'store.unavailable': 'The partner backend has no store',
      'photos.refused': '{kind, select, a {video/mp4 is not a photo} other {no}}',
      'main.fail.code': 'Refused: url_ownership_unverified',
      'main.fail.http': 'Refused (HTTP 403)',
      'accounts.card.details': 'Open ID {openId} · scopes {scopes}',
    };
    expect(technicalWords(planted).map((line) => line.split(':')[0])).toEqual(['accounts.card.id', 'main.fail.scope', 'main.vault.where', 'store.unavailable', 'photos.refused', 'main.fail.code', 'main.fail.http']);
  });
});

/** The window's own code: a view or component shows a refusal through its words (sayError), never the main process's English `message`. */
describe('refusals in the window', () => {
  const ROOTS = ['renderer/src/views', 'renderer/src/components'];
  // A crash of the window itself has no words from the main process: its message is the detail of the crash screen.
  const EXEMPT = new Set(['renderer/src/components/ErrorBoundary.tsx']);
  const ENGLISH_MESSAGE = /\b(error|failure|caught)\??\.message\b/;

  it('are said in the window’s language', () => {
    const files = ROOTS.flatMap((root) => readdirSync(join(process.cwd(), root), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file)).map((file) => `${root}/${file}`));
    expect(files.length).toBeGreaterThan(20);
    const found = files
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) =>
        readFileSync(join(process.cwd(), file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line: line.trim(), where: `${file}:${index + 1}` }))
          .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && ENGLISH_MESSAGE.test(line))
          .map(({ where, line }) => `${where}: ${line}`),
      );
    expect(found).toEqual([]);
  });
});
