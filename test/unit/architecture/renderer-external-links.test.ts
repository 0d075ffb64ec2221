/**
 * The renderer opens pages outside the app only through the main process (openExternal): eslint
 * refuses target="_blank" links and window.open in renderer/, which in the desktop app do nothing
 * for the sign-in and payment pages (the window's policy lets https through only).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath = 'renderer/src/views/Example.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('eslint in renderer/', () => {
  it('refuses target="_blank" links, however the value is written', async () => {
    expect(await ruleIds('export const A = ({ label }: { label: string }) => <a href="https://example.com" target="_blank">{label}</a>;\n')).toEqual(['no-restricted-syntax']);
    expect(await ruleIds("export const A = ({ label }: { label: string }) => <a href=\"https://example.com\" target={'_blank'}>{label}</a>;\n")).toEqual(['no-restricted-syntax']);
  });

  it('refuses window.open and the bare open global', async () => {
    expect(await ruleIds("export function f(): void {\n  window.open('https://example.com');\n}\n")).toEqual(['no-restricted-properties']);
    expect(await ruleIds("export function f(): void {\n  open('https://example.com');\n}\n")).toEqual(['no-restricted-globals']);
  });

  it('leaves other links and other folders alone', async () => {
    expect(await ruleIds('export const A = ({ label }: { label: string }) => <a href="#queue">{label}</a>;\n')).toEqual([]);
    expect(await ruleIds("export function f(): void {\n  window.open('https://example.com');\n}\n", 'electron/desktop/example.ts')).toEqual([]);
  });
});
