/** A draft's reason (words: a code and values) as the English window says it, for tests that read the words. */
import type { Words } from '../../electron/core/contract/index.js';
import { sayWords } from '../../electron/services/main-words.js';

export function english(words: Words | null | undefined): string | null {
  return words ? sayWords(words, 'en') : null;
}
