// One lint setup for every workspace. Besides the usual TypeScript rules it
// enforces the one-way dependencies of docs/architecture.md:
//   scoring imports nothing; contracts imports only zod;
//   web and server may import both, never each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const relativeOnly = (message) => ({
  selector: 'ImportDeclaration[source.value=/^[^.]/], ImportExpression[source.value=/^[^.]/]',
  message,
});

const browserAndNodeGlobals = [
  ...new Set([
    ...Object.keys(globals.browser).filter((name) => !(name in globals.es2021)),
    ...Object.keys(globals.node).filter((name) => !(name in globals.es2021)),
  ]),
].filter((name) => !['console', 'setTimeout', 'clearTimeout', 'structuredClone'].includes(name));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The scoring engine is pure: no imports at all, no Node or DOM globals.
    files: ['packages/scoring/src/**/*.ts'],
    ignores: ['packages/scoring/src/**/*.test.ts', 'packages/scoring/src/cli.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-syntax': [
        'error',
        relativeOnly('@gas/scoring is pure: it may import only its own modules.'),
      ],
      'no-restricted-globals': ['error', ...browserAndNodeGlobals],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.)',
              message: '@gas/contracts may import only zod and its own modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@gas/server|.*\\/server\\/)',
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web's shared layers sit below the features: components/ (the form
    // toolkit included) and lib/ never import a feature (docs/architecture.md).
    // This block replaces the rule above for those files, so it repeats the
    // server pattern.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@gas/server|.*\\/server\\/)',
              message: 'The web app never imports server code.',
            },
            {
              regex: '(^|\\/)features(\\/|$)',
              message: 'components/ and lib/ never import features: move what they need down.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(@gas/web|.*\\/web\\/)', message: 'The server never imports web code.' },
          ],
        },
      ],
    },
  },
  prettier,
);
