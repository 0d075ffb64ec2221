/**
 * Every language says everything English says, and nothing else (issue 30, point 2): the same
 * area files, the same keys, and each message with the same ICU arguments of the same types
 * (a translation dropping `{count}` or turning a plural into plain text fails here). Plural and
 * select branches are not compared: Japanese has one plural form, Arabic six.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../../../renderer/src/i18n/messages/en';
import { LOCALES, SOURCE_LOCALE } from '../../../../../renderer/src/i18n/locales';

const ROOT = join(process.cwd(), 'renderer/src/i18n/messages');

function readArea(locale: string, area: string, root = ROOT): Record<string, string> | null {
  try {
    return JSON.parse(readFileSync(join(root, locale, `${area}.json`), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const TYPE_NAMES: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/** Each argument a message uses, with its type (`count:plural`, `name:text`, `b:tag`), sorted and unique. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      const type = element.type === TYPE.plural ? (element.pluralType === 'ordinal' ? 'selectordinal' : 'plural') : TYPE_NAMES[element.type];
      found.add(`${element.value}:${type}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Everything wrong with one language against English, one line each. */
function problemsOf(locale: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const area of AREAS) {
    const english = readArea(SOURCE_LOCALE, area, root) ?? {};
    const translated = readArea(locale, area, root);
    if (translated === null) {
      if (Object.keys(english).length > 0) problems.push(`${locale}/${area}.json is missing (${Object.keys(english).length} messages)`);
      continue;
    }
    const missing = Object.keys(english).filter((key) => !(key in translated));
    const extra = Object.keys(translated).filter((key) => !(key in english));
    if (missing.length > 0) problems.push(`${locale}/${area}.json lacks ${missing.length}: ${missing.join(', ')}`);
    if (extra.length > 0) problems.push(`${locale}/${area}.json has keys English does not: ${extra.join(', ')}`);
    for (const [key, message] of Object.entries(translated)) {
      if (!(key in english)) continue;
      let theirs: string[];
      try {
        theirs = argumentsOf(message);
      } catch (error) {
        problems.push(`${locale} ${key} is not a valid ICU message: ${(error as Error).message}`);
        continue;
      }
      const ours = argumentsOf(english[key]!);
      if (theirs.join() !== ours.join()) problems.push(`${locale} ${key} uses {${theirs.join(', ')}} where English uses {${ours.join(', ')}}`);
    }
  }
  const folders = readdirSync(join(root, locale)).filter((file) => file.endsWith('.json'));
  for (const file of folders) if (!AREAS.some((area) => `${area}.json` === file)) problems.push(`${locale}/${file} is not an area (messages/en/index.ts AREAS)`);
  return problems;
}

describe('the message catalogs', () => {
  it('English: every area file keeps to its area, and every message parses', () => {
    const problems: string[] = [];
    for (const area of AREAS) {
      for (const [key, message] of Object.entries(readArea(SOURCE_LOCALE, area) ?? { [`${area}.json`]: 'missing' })) {
        if (!key.startsWith(`${area}.`)) problems.push(`en/${area}.json: ${key} does not start with "${area}."`);
        try {
          parse(message);
        } catch (error) {
          problems.push(`en ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  for (const locale of LOCALES.filter((locale) => locale !== SOURCE_LOCALE)) {
    it(`${locale}: the same keys as English, each with the same ICU arguments`, () => {
      expect(problemsOf(locale)).toEqual([]);
    });
  }

  it('catches a dropped argument, a plural turned into text, a missing and an extra key', () => {
    const root = mkdtempSync(join(tmpdir(), 'dd-catalogs-'));
    try {
      mkdirSync(join(root, 'en'));
      mkdirSync(join(root, 'xx'));
      const english = { 'queue.a': '{count, plural, one {# draft for {name}} other {# drafts}}', 'queue.b': 'Sent {when, date, medium}', 'queue.c': 'Hi' };
      const planted = { 'queue.a': '{count} borradores para {name}', 'queue.b': 'Enviado', 'queue.z': 'Extra' };
      writeFileSync(join(root, 'en', 'queue.json'), JSON.stringify(english));
      writeFileSync(join(root, 'xx', 'queue.json'), JSON.stringify(planted));
      expect(problemsOf('xx', root)).toEqual([
        'xx/queue.json lacks 1: queue.c',
        'xx/queue.json has keys English does not: queue.z',
        'xx queue.a uses {count:text, name:text} where English uses {count:plural, name:text}',
        'xx queue.b uses {} where English uses {when:date}',
      ]);
      writeFileSync(join(root, 'xx', 'queue.json'), JSON.stringify({ ...english, 'queue.a': '{count, plural, other {# 件: {name}}}' }));
      expect(problemsOf('xx', root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
