/**
 * The window's words: messages by id from the catalogs (README.md says how to add one), numbers,
 * sizes and times through Intl in the window's locale.
 */
export { I18nProvider } from './I18nProvider';
export { currentIntl } from './current';
export { formatBytes, formatClock, formatCountdown, formatDuration, formatSpeed, formatTimeLeft, useFormat } from './format';
export { LOCALES, LOCALE_NAMES, PSEUDO_LOCALE, directionOf, resolveLocale, type ActiveLocale, type Locale } from './locales';
export { startSystemLanguages } from './system-languages';
export type { MessageId } from './messages/en';
