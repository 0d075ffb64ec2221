/**
 * The main process's words (contract/words.ts: a code and its values) said in the window's
 * language: `main.<code>` in messages/<locale>/main.json. The main process formats the same
 * messages for its notifications and dialogs (electron/services/main-words.ts); the two agree
 * on the rules below (the `text` code, sentences one after another).
 */
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Words } from '../api/contract';
import type { MessageId } from './messages/en';

/** What the platform or a server said in its own words, passed on as it came. */
const TEXT_CODE = 'text';

export function sayWords(intl: IntlShape, words: Words): string {
  const text = words.params.text;
  if (words.code === TEXT_CODE) return String(text ?? '');
  const id = `main.${words.code}`;
  // A code this window's catalog does not know (a newer main process): its text if it has one, else the code.
  if (!(id in intl.messages)) return typeof text === 'string' ? text : words.code;
  return intl.formatMessage({ id: id as MessageId }, saidValues(intl, words.params));
}

/** A message's values with the words among them said first (a reason inside a sentence). */
function saidValues(intl: IntlShape, params: Words['params']): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? sayWords(intl, value) : value]));
}

/** Sentences one after another in the locale's way (`main.sentence`), each without its own end mark. */
export function saySentences(intl: IntlShape, parts: readonly Words[]): string {
  return parts
    .map((part) => intl.formatMessage({ id: 'main.sentence' }, { text: sayWords(intl, part).replace(/[.。\s]+$/u, '') }))
    .join('')
    .trim();
}

/** A refusal from the main process in the window's language: its words where it has them, else its message (English). */
export function sayError(intl: IntlShape, error: { message: string; words?: Words | undefined }): string {
  return error.words ? sayWords(intl, error.words) : error.message;
}

/** `sayWords` bound to the window's current language (a change of language rewords at once). */
export function useWords(): (words: Words | null) => string | null {
  const intl = useIntl();
  return useCallback((words: Words | null) => (words === null ? null : sayWords(intl, words)), [intl]);
}
