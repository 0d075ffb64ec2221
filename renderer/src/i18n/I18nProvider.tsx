/**
 * Gives the window its language: the locale chosen in Settings › Appearance, or the system's
 * (locales.ts), applied at once when either changes. Sets <html lang dir> so Arabic lays out right
 * to left. The last locale is remembered locally, like the theme, so a restart paints in it before
 * the settings arrive.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { useSettings } from '../state/settings';
import { loadCatalog } from './catalogs';
import { currentIntl, setCurrentIntl } from './current';
import { activeLocale, directionOf, LOCALES, PSEUDO_LOCALE, type ActiveLocale } from './locales';
import { useSystemLanguages } from './system-languages';

const REMEMBERED = 'draftdeck.locale';

export function I18nProvider({ children }: { children: ReactNode }) {
  const choice = useSettings((state) => state.settings?.language.locale);
  const languages = useSystemLanguages((state) => state.languages);
  const locale = choice === undefined ? (remembered() ?? activeLocale('system', languages)) : activeLocale(choice, languages);
  const [intl, setIntl] = useState<IntlShape | null>(() => (locale === 'en' ? currentIntl() : null));

  useEffect(() => {
    let current = true;
    void loadCatalog(locale).then((messages) => {
      if (!current) return;
      setIntl(setCurrentIntl(locale, messages));
      document.documentElement.lang = locale;
      document.documentElement.dir = directionOf(locale);
      if (choice !== undefined) remember(locale);
    });
    return () => {
      current = false;
    };
  }, [locale, choice]);

  // The first catalog is a local file, there in a moment; the page waits for it rather than painting English first.
  if (intl === null) return null;
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

function remembered(): ActiveLocale | null {
  try {
    const value = window.localStorage.getItem(REMEMBERED);
    return [...LOCALES, PSEUDO_LOCALE].find((locale): locale is ActiveLocale => locale === value) ?? null;
  } catch {
    return null;
  }
}

function remember(locale: ActiveLocale): void {
  try {
    window.localStorage.setItem(REMEMBERED, locale);
  } catch {
    // Storage can be unavailable (private windows): the next start paints in the system's language until the settings arrive.
  }
}
