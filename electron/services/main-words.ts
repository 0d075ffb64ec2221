/**
 * The main process's own words, from the window's catalogs: `main.<code>` messages in
 * renderer/src/i18n/messages/<locale>/main.json, formatted with FormatJS in Node for what the main
 * process shows outside the window (system notifications, native dialogs) and for the English of
 * a refusal's `message` (the automation API's and the logs' words). The window words the same
 * codes itself through react-intl; both read one set of files.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { TEXT_CODE, words, type Words, type WordsParams } from '../core/contract/index.js';
import { AppError } from '../core/result.js';
import en from '../../renderer/src/i18n/messages/en/main.json' with { type: 'json' };
import es from '../../renderer/src/i18n/messages/es/main.json' with { type: 'json' };
import ptBR from '../../renderer/src/i18n/messages/pt-BR/main.json' with { type: 'json' };
import id from '../../renderer/src/i18n/messages/id/main.json' with { type: 'json' };
import ja from '../../renderer/src/i18n/messages/ja/main.json' with { type: 'json' };
import ar from '../../renderer/src/i18n/messages/ar/main.json' with { type: 'json' };

/** The window's languages (renderer/src/i18n/locales.ts LOCALES), English first: the fallback. */
export const MAIN_LOCALES = ['en', 'es', 'pt-BR', 'id', 'ja', 'ar'] as const;
export type MainLocale = (typeof MAIN_LOCALES)[number];

const CATALOGS: Readonly<Record<MainLocale, Record<string, string>>> = { en, es, 'pt-BR': ptBR, id, ja, ar };
/** The window's message ids are typed (renderer/src/i18n/types.d.ts); here a code arrives as a string, checked against English first. */
type MessageOptions = Parameters<IntlShape['formatMessage']>[0];
type Messages = Parameters<typeof createIntl>[0]['messages'];
const cache = createIntlCache();
const intls = new Map<MainLocale, IntlShape>();

function intlFor(locale: MainLocale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    // English under the translation, as the window does: a key a translation lacks reads in English.
    intl = createIntl({ locale, defaultLocale: 'en', messages: { ...en, ...CATALOGS[locale] } as Messages, onError: () => undefined }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** Words as a sentence in `locale` (English by default); an unknown code reads as its `text`, or the code itself. */
export function sayWords(value: Words, locale: MainLocale = 'en'): string {
  if (value.code === TEXT_CODE) return String(value.params.text ?? '');
  const id = `main.${value.code}`;
  if (!(id in en)) return typeof value.params.text === 'string' ? value.params.text : value.code;
  return intlFor(locale).formatMessage({ id } as MessageOptions, saidValues(value.params, locale));
}

/** A message's values with the words among them said first, in the same language. */
function saidValues(params: Words['params'], locale: MainLocale): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? sayWords(value, locale) : value]));
}

/**
 * A refusal a person reads: its words for the window (`main.<code>`), and the same in English as
 * its message (the automation API's and the logs' words). `code` is the refusal's own code.
 */
export function refusal(code: string, said: Words): AppError;
export function refusal(code: string, wordsCode: string, params?: WordsParams): AppError;
export function refusal(code: string, said: Words | string, params: WordsParams = {}): AppError {
  const value = typeof said === 'string' ? words(said, params) : said;
  return new AppError(code, sayWords(value), value);
}

/** Sentences one after another in `locale`'s way (a full stop and a space; 。 in Japanese), each without its own end mark. */
export function saySentences(parts: readonly Words[], locale: MainLocale = 'en'): string {
  const intl = intlFor(locale);
  return parts
    .map((part) => intl.formatMessage({ id: 'main.sentence' } as MessageOptions, { text: sayWords(part, locale).replace(/[.。\s]+$/u, '') }))
    .join('')
    .trim();
}

/**
 * The locale the window speaks (renderer/src/i18n/locales.ts resolveLocale, the same rule): the
 * chosen one, or the first preferred language Draftdeck speaks (an exact tag, else the language
 * alone: pt-PT → pt-BR), else English. The pseudo-locale reads as English here.
 */
export function mainLocale(choice: string | undefined, preferred: readonly string[]): MainLocale {
  const tags = choice === undefined || choice === 'system' ? preferred : [choice];
  for (const tag of tags) {
    const lower = tag.replace(/_/g, '-').toLowerCase();
    const exact = MAIN_LOCALES.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const same = MAIN_LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (same) return same;
  }
  return 'en';
}

/** A batch notice as a system notification says it: its title and its sentences in `locale`. */
export function sayNotice(notice: { title: Words; body: readonly Words[] }, locale: MainLocale): { title: string; body: string } {
  return { title: sayWords(notice.title, locale), body: saySentences(notice.body, locale) };
}
