import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import dataAccess from './eslint-rules/data-access.js';
import moduleBoundaries from './eslint-rules/module-boundaries.js';
import wordsThroughMessages from './eslint-rules/words-through-messages.js';

/**
 * The server's modules from the bottom up, as docs/architecture.md draws them: each may import the
 * front doors of the ones before it (test/layering.test.ts checks the drawing says the same).
 */
export const MODULE_ORDER = ['audit', 'accounts', 'integrations', 'sessions', 'webhooks', 'emails', 'live', 'admin', 'requests'];

const repo = new URL('../../', import.meta.url).pathname;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'apps/pay/src/gql/**', 'apps/pay/src/admin/gql/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware rules read each file through the tsconfig that type-checks it (tests included).
      parserOptions: {
        tsconfigRootDir: repo,
        project: [
          'apps/server/tsconfig.test.json',
          'packages/domain/tsconfig.test.json',
          'packages/sdk/tsconfig.test.json',
          'apps/merchant-demo/tsconfig.test.json',
          'apps/pay/tsconfig.json',
          'apps/pay/tsconfig.node.json',
          'packages/tooling/tsconfig.json',
        ],
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      // Server code logs through the redacting logger; the CLI prints to the terminal on purpose.
      'no-console': 'error',
      // A promise nobody awaits loses its error (an unhandled rejection) and its ordering.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Plain JavaScript (scripts, configs) is not in a tsconfig: no type-aware rules there.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Queries and writes live in repositories (docs/architecture.md, "Where SQL lives").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/bench/**'],
    plugins: { paysplit: dataAccess },
    rules: {
      'paysplit/data-access-in-repositories': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'db/prepared-statement(\\.js)?$',
              message: 'Prepared statements are run by repositories (*.repository.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // A module is entered through its front door, from below in the drawn order. Benchmarks, like
    // tests, measure a module's internals directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/bench/**'],
    plugins: { boundaries: moduleBoundaries },
    rules: {
      'boundaries/module-boundaries': [
        'error',
        {
          order: MODULE_ORDER,
          infrastructure: ['db', 'events', 'feed', 'graphql', 'http', 'jobs', 'listen', 'rest', 'security'],
          // The files that put the modules together may load them.
          composers: ['graphql/schema.ts'],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // The rules of hooks, and the compiler's checks of what a render may do, for the pay app and admin area.
  { files: ['apps/pay/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // What payers and hosts read is in their language: every word of the pay pages is a message.
    // The administration area stays in English; tests say what they expect.
    files: ['apps/pay/src/**/*.tsx'],
    ignores: ['apps/pay/src/admin/**', 'apps/pay/src/**/*.test.tsx', 'apps/pay/src/test-support/**'],
    plugins: { i18n: wordsThroughMessages },
    rules: { 'i18n/words-through-messages': 'error' },
  },
);
