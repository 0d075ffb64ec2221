/**
 * The languages the window speaks and how a person's preferred languages map onto them. Pure, so
 * the unit tests and the provider share one rule.
 */
import type { Settings } from '../api/contract';

type LocaleChoice = Settings['language']['locale'];

/** The catalogs under messages/ (one folder each), English first: the source every other is checked against. */
export const LOCALES = ['en', 'es', 'pt-BR', 'id', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** Accented English, 40% longer, built from the English catalog at runtime: what the layout checks run in. */
export const PSEUDO_LOCALE = 'en-XA';
export type ActiveLocale = Locale | typeof PSEUDO_LOCALE;
export const SOURCE_LOCALE: Locale = 'en';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Each language's own name for itself, for the picker (never translated: a person looks for their language's name). */
/* eslint-disable no-restricted-syntax -- each language's own name, the same in every language. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ar: 'العربية',
};
/* eslint-enable no-restricted-syntax */

/**
 * The first preferred language Draftdeck speaks: an exact tag (pt-BR), else the language alone
 * (pt-PT → pt-BR, es-MX → es, en-GB → en), else English.
 */
export function resolveLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const canonical = canonicalTag(tag);
    if (canonical === null) continue;
    const exact = LOCALES.find((locale) => locale.toLowerCase() === canonical.toLowerCase());
    if (exact) return exact;
    const language = canonical.split('-')[0]!.toLowerCase();
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return SOURCE_LOCALE;
}

/** The setting applied: 'system' resolves the preferred languages; a chosen locale is used as is. */
export function activeLocale(choice: LocaleChoice | undefined, preferred: readonly string[]): ActiveLocale {
  if (choice === undefined || choice === 'system') return resolveLocale(preferred);
  return choice;
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/** null for a tag Intl refuses (a hand-edited OS setting, "C", "*"), so it is skipped rather than thrown on. */
function canonicalTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}
