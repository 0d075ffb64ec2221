/**
 * The composer's Send button says how many accounts as a person would (issue 28, screens read):
 * Brazilian Portuguese says "0 contas" (CLDR counts 0 as "one" in Portuguese, and the button read
 * "para 0 conta" before an account was chosen: pt-BR 1280×800 screenshot).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

const catalog = (locale: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../renderer/src/i18n/messages', locale, 'photos.json'), 'utf8')) as Record<string, string>;

describe('the Send button of the photo composer', () => {
  it('counts accounts in Brazilian Portuguese with 0 in the plural', () => {
    const intl = createIntl({ locale: 'pt-BR', messages: catalog('pt-BR') });
    const send = (accounts: number) => intl.formatMessage({ id: 'photos.send' }, { posts: 2, photos: 4, accounts });
    expect(send(0)).toBe('Enviar 2 posts (4 fotos) para 0 contas');
    expect(send(1)).toBe('Enviar 2 posts (4 fotos) para 1 conta');
    expect(send(3)).toBe('Enviar 2 posts (4 fotos) para 3 contas');
  });
});
