import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='target'][value.value='_blank'], JSXAttribute[name.name='target'] > JSXExpressionContainer > Literal[value='_blank']",
          message: 'Open pages outside the app with OpenPageButton or openExternal (renderer/src/api/client.ts), not a target="_blank" link.',
        },
      ],
      'no-restricted-properties': ['error', { object: 'window', property: 'open', message: 'Open pages outside the app with openExternal (renderer/src/api/client.ts).' }],
      'no-restricted-globals': ['error', { name: 'open', message: 'Open pages outside the app with openExternal (renderer/src/api/client.ts).' }],
    },
  },
  {
    files: ['scripts/**', 'test/**', '**/cli.ts', 'server-kit/server-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
