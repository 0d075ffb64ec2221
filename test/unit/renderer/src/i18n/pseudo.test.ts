import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { pseudoCatalog, pseudoMessage } from '../../../../../renderer/src/i18n/pseudo';

function argumentsOf(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal || element.type === TYPE.pound) return [];
    const own = 'value' in element && typeof element.value === 'string' ? [`${element.type}:${element.value}`] : [];
    const nested = 'options' in element ? Object.values(element.options).flatMap((option) => argumentsOf(option.value)) : [];
    return [...own, ...nested];
  });
}

describe('the pseudo-locale', () => {
  it('accents the words and makes them at least 40% longer, keeping every placeholder and plural', () => {
    const english = 'You have {count, plural, one {# draft} other {# drafts}} for {name}';
    const pseudo = pseudoMessage(english);
    expect(argumentsOf(pseudo)).toEqual(argumentsOf(parse(english)));
    const intl = createIntl({ locale: 'en', messages: pseudoCatalog({ greeting: english }) as never });
    const shown = intl.formatMessage({ id: 'greeting' as never }, { count: 3, name: 'Ana' });
    expect(shown).toMatch(/^\[Ýöû ĥàṽé 3 đŕàƒţš ƒöŕ Ana [~ ]+\]$/);
    const plain = createIntl({ locale: 'en', messages: { greeting: english } as never }).formatMessage({ id: 'greeting' as never }, { count: 3, name: 'Ana' });
    expect(shown.length).toBeGreaterThanOrEqual(plain.length * 1.4);
  });
});
