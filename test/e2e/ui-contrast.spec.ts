/**
 * WCAG AA contrast of the colour pairs the UI actually paints, in both themes, read from the
 * design tokens (renderer/src/styles/tokens.css: one light-dark() pair per colour).
 * Text needs 4.5:1; control borders and icons need 3:1.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect } from '@playwright/test';

const TOKENS = readFileSync(resolve(import.meta.dirname, '../../renderer/src/styles/tokens.css'), 'utf8');

function palette(): Map<string, [light: string, dark: string]> {
  const colours = new Map<string, [string, string]>();
  for (const match of TOKENS.matchAll(/--color-([\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)) colours.set(match[1]!, [match[2]!, match[3]!]);
  return colours;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXT_BACKGROUNDS = ['bg', 'surface', 'surface-sunken', 'sidebar'];
const PAIRS: [foreground: string, backgrounds: string[], minimum: number][] = [
  ['text', [...TEXT_BACKGROUNDS, 'hover', 'accent-soft', 'danger-soft', 'warning-soft'], 4.5],
  ['text-muted', [...TEXT_BACKGROUNDS, 'hover', 'accent-soft'], 4.5],
  ['text-subtle', ['surface', 'surface-sunken'], 4.5],
  ['accent', ['bg', 'surface'], 4.5],
  ['accent-text', ['accent', 'accent-hover'], 4.5],
  ['accent-soft-text', ['accent-soft'], 4.5],
  ['danger', ['surface', 'surface-sunken'], 4.5],
  ['success', ['surface', 'surface-sunken'], 4.5],
  ['border-strong', ['surface', 'surface-sunken'], 3],
  ['danger', ['danger-soft'], 3],
  ['warning', ['warning-soft'], 3],
];

test('every colour pair the UI paints meets WCAG AA in light and dark', () => {
  const colours = palette();
  const failures: string[] = [];
  for (const [foreground, backgrounds, minimum] of PAIRS) {
    for (const background of backgrounds) {
      const fg = colours.get(foreground);
      const bg = colours.get(background);
      expect(fg, `--color-${foreground} is a light-dark() pair`).toBeDefined();
      expect(bg, `--color-${background} is a light-dark() pair`).toBeDefined();
      for (const [index, theme] of ['light', 'dark'].entries()) {
        const ratio = contrast(fg![index]!, bg![index]!);
        if (ratio < minimum) failures.push(`${theme}: ${foreground} on ${background} is ${ratio.toFixed(2)}:1, needs ${minimum}:1`);
      }
    }
  }
  expect(failures).toEqual([]);
});
