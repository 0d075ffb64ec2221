import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-electron/', 'release/', 'node_modules/', 'test-results/', 'playwright-report/', 'test/bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The renderer runs in a sandboxed page: it may import electron/core (the contract) and nothing else of the main process.
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer talks to the main process through the IPC contract only.' }],
        patterns: [
          { group: ['**/electron/services/**', '**/platform-api/**', '**/electron/desktop/**', '**/electron/transports/**', '**/sandbox/**', '**/backend/**', 'node:*'], message: 'The renderer talks to the main process through the IPC contract only.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**', 'test/**', '**/cli.ts', 'server-kit/server-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
