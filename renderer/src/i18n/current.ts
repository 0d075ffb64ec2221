/**
 * The locale and formatter in use, for code outside React (state files that word a confirmation,
 * the formatters in format.ts). The provider sets it before its children render; until then it is
 * English.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { en } from './messages/en';
import type { Catalog } from './catalogs';
import { SOURCE_LOCALE } from './locales';

const cache = createIntlCache();
let current: IntlShape = createIntl({ locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE, messages: en, onError: reportIntlError }, cache);

export function currentIntl(): IntlShape {
  return current;
}

export function setCurrentIntl(locale: string, messages: Catalog): IntlShape {
  current = createIntl({ locale, defaultLocale: SOURCE_LOCALE, messages, onError: reportIntlError }, cache);
  return current;
}

/** A missing translation falls back to English (catalogs.ts) and is the catalog test's to catch; anything else is a bug to see. */
export function reportIntlError(error: { code: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}
