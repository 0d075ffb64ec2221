import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';

const NO_BLANK_TARGET = {
  selector: "JSXAttribute[name.name='target'][value.value='_blank'], JSXAttribute[name.name='target'] > JSXExpressionContainer > Literal[value='_blank']",
  message: 'Open pages outside the app with OpenPageButton or openExternal (renderer/src/api/client.ts), not a target="_blank" link.',
};
/** Props that carry no words: names, classes, kinds, ids. */
const NOT_TEXT_PROPS = '{what,live,className,name,value,id,look,kind,type,variant,icon,size,role,htmlFor,tone,accept,inputMode,autoComplete,scope,state,step,mode,align,side,direction,placement,level,status,tag,as,rel,href,src,lang,dir,key,testId,data-*,form,pattern,min,max,format}';
/** Sentence-like strings: a word, a space, a word (and a capital or lowercase start), outside class lists, console lines, Errors and import paths. */
const WORDS = '/^\\s*[A-Za-z][A-Za-z\'’]*[,:]?\\s+[A-Za-z0-9\'’({]/';
const NOT_FOR_PEOPLE = ":not(JSXAttribute > Literal):not(JSXAttribute[name.name='className'] *):not(CallExpression[callee.object.name='console'] *):not(NewExpression[callee.name=/Error$/] *):not(ImportDeclaration *):not(ExportNamedDeclaration[source] *)";
const USER_FACING_LITERALS = [
  { selector: `Literal[value=${WORDS}]${NOT_FOR_PEOPLE}`, message: 'Words a person reads come from a message catalog (renderer/src/i18n/README.md), not a string literal.' },
  { selector: `TemplateLiteral > TemplateElement[value.raw=${WORDS}]${NOT_FOR_PEOPLE}`, message: 'Words a person reads come from a message catalog (renderer/src/i18n/README.md), not a template literal.' },
];

/**
 * Renderer files whose words are not yet in the catalogs (issue 30): the two rules above are off for
 * them only. A file leaves this list when it is converted; the list only shrinks.
 */
const I18N_PENDING = [
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-electron/', 'dist-platform/', 'dist-web/', 'release/', 'node_modules/', 'test-results/', 'playwright-report/', 'test/bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from 'x'` still loads 'x' under verbatimModuleSyntax: write `import type`, so an import
      // that loads nothing looks like one (dependency-cruiser's boundary rules count it as type-only).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // CommonJS files (.dependency-cruiser.cjs) load modules with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Pages outside the app open through the main process (renderer/src/api/client.ts openExternal,
    // components/OpenPageButton.tsx): the desktop window refuses new windows for anything but https,
    // so a new-tab link or window.open does nothing there.
    files: ['renderer/**'],
    plugins: { formatjs },
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_BLANK_TARGET,
        // Words a person reads come from the catalogs (renderer/src/i18n/README.md): a string of words
        // outside JSX (a state file's error, a label in a table of choices) is one too. Class lists,
        // console lines and thrown Errors (for developers) are not.
        ...USER_FACING_LITERALS,
      ],
      // Raw text in JSX, and literal text in a prop that a person reads (any prop of our own components, a DOM element's title, alt, placeholder, aria-*).
      'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['[A-Z]*', '*']], exclude: [['*', NOT_TEXT_PROPS]] } }],
      'no-restricted-properties': ['error', { object: 'window', property: 'open', message: 'Open pages outside the app with openExternal (renderer/src/api/client.ts).' }],
      'no-restricted-globals': ['error', { name: 'open', message: 'Open pages outside the app with openExternal (renderer/src/api/client.ts).' }],
    },
  },
  // ESLint refuses an empty `files`: once every file is converted, the exemption is gone with the list.
  ...(I18N_PENDING.length > 0 ? [{ files: I18N_PENDING, rules: { 'formatjs/no-literal-string-in-jsx': 'off', 'no-restricted-syntax': ['error', NO_BLANK_TARGET] } }] : []),
  {
    files: ['scripts/**', 'test/**', '**/cli.ts', 'server-kit/server-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
