/**
 * Loads a language's catalog: English is in the bundle (it is the fallback for any key a
 * translation lacks, and the pseudo-locale is built from it); the others are loaded when chosen,
 * each area's file its own chunk.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from './messages/en';
import { PSEUDO_LOCALE, SOURCE_LOCALE, type ActiveLocale } from './locales';

export type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;

const translations = import.meta.glob<Record<string, string>>(['./messages/*/*.json', '!./messages/en/*.json'], { import: 'default' });

export async function loadCatalog(locale: ActiveLocale): Promise<Catalog> {
  if (locale === SOURCE_LOCALE) return en;
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo')).pseudoCatalog(en);
  const areas = Object.entries(translations).filter(([path]) => path.startsWith(`./messages/${locale}/`));
  const loaded = await Promise.all(areas.map(([, load]) => load()));
  // English under the translation: a key a translation lacks reads in English rather than as its id.
  return Object.assign({}, en, ...loaded) as Record<string, string>;
}
