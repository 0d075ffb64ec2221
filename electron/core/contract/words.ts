/**
 * What the main process says to a person, as a code and its values rather than a sentence: the
 * window words it in its language from the catalog (`main.<code>` in
 * renderer/src/i18n/messages/<locale>/main.json), and the main process formats the same message
 * itself for what it shows outside the window (system notifications, dialogs).
 *
 * `text` is the one code whose value is words already: what the platform or a server said in its
 * own language (a refusal's message), passed on as it came.
 */
import { z } from 'zod';

/**
 * A value is a string, a number, or words of their own (a reason inside a sentence: "New videos
 * wait: <why the account cannot take them>"), said first in the same language.
 */
export type WordsValue = string | number | Words;
export type WordsParams = { [name: string]: WordsValue };
export interface Words {
  /** The catalog key without its `main.` prefix: `fail.file_changed`, `wait.inbox_full`, … */
  code: string;
  params: WordsParams;
}

export const Words: z.ZodType<Words> = z.object({
  code: z.string().min(1).max(120),
  get params() {
    return z.record(z.string().max(60), z.union([z.string().max(4000), z.number(), Words]));
  },
});

/** Words with no values. */
export const words = (code: string, params: WordsParams = {}): Words => ({ code, params });

/** Something said in another's words (the platform's message), passed on as it is. */
export const TEXT_CODE = 'text';
export const asText = (text: string): Words => ({ code: TEXT_CODE, params: { text } });

/** The same code with the same values (a wait told again need not be recorded again). */
export function sameWords(a: Words | null, b: Words | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.code !== b.code) return false;
  const keys = Object.keys(a.params);
  return keys.length === Object.keys(b.params).length && keys.every((key) => a.params[key] === b.params[key]);
}
