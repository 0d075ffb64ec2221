/**
 * Words a person reads come from the catalogs (issue 30, point 4): eslint refuses raw text in the
 * renderer's JSX, literal text in a prop a person reads, and a sentence-like string literal in any
 * renderer file, while leaving class lists, console lines, Errors and catalog lookups alone.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const VIEW = 'renderer/src/views/Planted.tsx';

async function ruleIds(code: string, filePath = VIEW): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('eslint refuses words outside the catalogs in renderer/', () => {
  it('fails on raw text in JSX and on literal text in a prop a person reads', async () => {
    expect(await ruleIds('export const A = () => <p>Drop videos here</p>;\n')).toEqual(['formatjs/no-literal-string-in-jsx']);
    expect(await ruleIds('export const A = () => <button title="Remove">{null}</button>;\n')).toEqual(['formatjs/no-literal-string-in-jsx']);
    expect(await ruleIds("import { PageHeader } from '../components/PageHeader';\nexport const A = () => <PageHeader title=\"Queue\" description=\"What is sent\" />;\n")).toEqual([
      'formatjs/no-literal-string-in-jsx',
      'formatjs/no-literal-string-in-jsx',
    ]);
  });

  it('fails on a sentence-like string literal or template in a state file', async () => {
    expect(await ruleIds("export const reason = 'Waiting for the platform';\n", 'renderer/src/state/planted.ts')).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('export const left = (n: number) => `${n} drafts left`;\n', 'renderer/src/state/planted.ts')).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('export const left = (n: number) => `Only a few: ${n}`;\n', 'renderer/src/state/planted.ts')).toEqual(['no-restricted-syntax']);
  });

  it('leaves messages, class lists, console lines, Errors and other folders alone', async () => {
    const fine = [
      "import { useIntl } from 'react-intl';",
      'export const A = ({ busy }: { busy: boolean }) => {',
      '  const intl = useIntl();',
      "  if (busy) console.error('the queue did not load');",
      "  if (!intl) throw new Error('no intl provider above this');",
      "  return <p className={busy ? 'row row--busy' : 'row'} title={intl.formatMessage({ id: 'common.timeLeft.moment' })}>{intl.formatMessage({ id: 'common.timeLeft.moment' })}</p>;",
      '};',
      '',
    ].join('\n');
    expect(await ruleIds(fine)).toEqual([]);
    expect(await ruleIds('export const A = () => <p>Drop videos here</p>;\n', 'test/e2e/planted.tsx')).toEqual([]);
  });
});
