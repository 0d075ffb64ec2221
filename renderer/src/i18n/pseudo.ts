/**
 * The pseudo-locale: each English message with its words accented and padded to 40% longer, so a
 * layout check sees text that is not English-sized and not ASCII. Built on the parsed message, so
 * placeholders, plural and select keywords stay intact and only the words change.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);
/** How much longer a pseudo message is than its English. */
export const PSEUDO_GROWTH = 0.4;

export function accent(text: string): string {
  return [...text].map((char) => ACCENTED[char] ?? char).join('');
}

/** One message in the pseudo-locale: [ … ] marks where it starts and ends, so cut-off text shows. */
export function pseudoMessage(english: string): MessageFormatElement[] {
  const elements = parse(english);
  const letters = countLetters(elements);
  const padding = Math.max(1, Math.ceil(letters * PSEUDO_GROWTH));
  const padded = pseudoElements(elements);
  // The padding breaks like words do (groups of five), so it lengthens lines without making one unbreakable run no language has.
  const groups = '~'.repeat(padding).match(/.{1,5}/g)!.join(' ');
  return [literal('['), ...padded, literal(` ${groups}]`)];
}

export function pseudoCatalog(english: Readonly<Record<string, string>>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]));
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

function countLetters(elements: readonly MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += element.value.length;
    // A plural's or select's longest branch: the one the padding must cover.
    if (element.type === TYPE.plural || element.type === TYPE.select) count += Math.max(0, ...Object.values(element.options).map((option) => countLetters(option.value)));
    if (element.type === TYPE.tag) count += countLetters(element.children);
  }
  return count;
}

function literal(value: string): MessageFormatElement {
  return { type: TYPE.literal, value };
}
