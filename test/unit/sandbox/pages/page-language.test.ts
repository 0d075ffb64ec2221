/** The sandbox pages' language from Accept-Language, and its catalog's completeness. */
import { describe, expect, it } from 'vitest';
import { pageDirection, pickPageLanguage, PAGE_LANGUAGES } from '../../../../sandbox/pages/page-language.js';
import { PAGE_WORDS, say } from '../../../../sandbox/pages/page-words.js';

describe('pickPageLanguage', () => {
  it.each([
    ['es', 'es'],
    ['es-MX,es;q=0.9', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT,pt;q=0.9,en;q=0.5', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['id-ID', 'id'],
    ['in', 'id'],
    ['ja-JP,ja;q=0.9', 'ja'],
    ['ar-EG', 'ar'],
    ['AR', 'ar'],
    ['en-GB', 'en'],
  ])('%s → %s', (header, language) => {
    expect(pickPageLanguage(header)).toBe(language);
  });

  it('follows q-values, not the order written', () => {
    expect(pickPageLanguage('en;q=0.2, ja;q=0.8, ar;q=0.5')).toBe('ja');
    expect(pickPageLanguage('es;q=0.5,id')).toBe('id');
  });

  it('keeps the written order among equal q-values', () => {
    expect(pickPageLanguage('ar, es')).toBe('ar');
    expect(pickPageLanguage('es;q=0.7, ar;q=0.7')).toBe('es');
  });

  it('skips languages it does not speak to the next one it does', () => {
    expect(pickPageLanguage('fr-FR,fr;q=0.9,de;q=0.8,ja;q=0.7,en;q=0.6')).toBe('ja');
  });

  it('never picks a language with q=0', () => {
    expect(pickPageLanguage('ja;q=0, ar')).toBe('ar');
    expect(pickPageLanguage('ja;q=0')).toBe('en');
  });

  it.each([[undefined], [''], ['fr'], ['zz-ZZ'], ['*'], ['<script>'], ['ja;q=2x'], [',,;;']])('unknown or broken (%s) → English', (header) => {
    expect(pickPageLanguage(header)).toBe('en');
  });

  it('reads only the start of an absurdly long header', () => {
    expect(pickPageLanguage(`${'fr;q=0.9,'.repeat(5000)}ja`)).toBe('en');
  });

  it('Arabic is right to left, the others left to right', () => {
    expect(PAGE_LANGUAGES.filter((language) => pageDirection(language) === 'rtl')).toEqual(['ar']);
  });
});

describe('the pages’ catalog', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(PAGE_LANGUAGES)('%s has every English key with the same placeholders, and no other', (language) => {
    const english = PAGE_WORDS.en;
    const words = PAGE_WORDS[language];
    expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      expect(placeholders(words[key]), `${language} ${key}`).toEqual(placeholders(english[key]));
      if (language !== 'en' && !['beans', 'status'].includes(key)) expect(words[key], `${language} ${key} is translated`).not.toBe(english[key]);
    }
  });

  it('escapes values and formats numbers for the language', () => {
    expect(say('en', 'payHeading', { product: '<b>&' })).toBe('Pay for &lt;b&gt;&amp;');
    expect(say('ar', 'payButton', { amount: 250 })).toBe(`ادفع ${new Intl.NumberFormat('ar').format(250)} BEANS`);
    expect(say('es', 'beans', { amount: 12500 })).toBe('12.500 BEANS');
  });
});
