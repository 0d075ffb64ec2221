import { describe, expect, it } from 'vitest';
import { activeLocale, directionOf, resolveLocale } from '../../../../../renderer/src/i18n/locales';

describe('the window locale', () => {
  it('takes the first preferred language Draftdeck speaks, by exact tag, then by language', () => {
    expect(resolveLocale(['pt-BR'])).toBe('pt-BR');
    expect(resolveLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(resolveLocale(['pt'])).toBe('pt-BR');
    expect(resolveLocale(['es-MX'])).toBe('es');
    expect(resolveLocale(['es-419'])).toBe('es');
    expect(resolveLocale(['ja-JP'])).toBe('ja');
    expect(resolveLocale(['ar-EG'])).toBe('ar');
    expect(resolveLocale(['in-ID'])).toBe('id'); // Java's old tag for Indonesian, which Intl canonicalises
    expect(resolveLocale(['id_ID'])).toBe('id'); // POSIX spelling
    expect(resolveLocale(['fr-FR', 'ja', 'en'])).toBe('ja');
    expect(resolveLocale(['en-GB'])).toBe('en');
  });

  it('falls back to English for a language it does not speak, a tag Intl refuses, or none', () => {
    expect(resolveLocale(['fr-FR', 'de'])).toBe('en');
    expect(resolveLocale(['*', 'not a tag', 'C'])).toBe('en');
    expect(resolveLocale([])).toBe('en');
  });

  it('uses a chosen locale as is, and the system languages for "system"', () => {
    expect(activeLocale('ja', ['pt-BR'])).toBe('ja');
    expect(activeLocale('en-XA', ['pt-BR'])).toBe('en-XA');
    expect(activeLocale('system', ['pt-PT'])).toBe('pt-BR');
    expect(activeLocale(undefined, ['es-AR'])).toBe('es');
  });

  it('lays Arabic out right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en-XA')).toBe('ltr');
    expect(directionOf('ja')).toBe('ltr');
  });
});
