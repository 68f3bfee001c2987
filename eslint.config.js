// One lint setup for every workspace. Besides the usual TypeScript rules it
// enforces the one-way dependencies of docs/architecture.md:
//   scoring imports nothing; contracts imports only zod;
//   web and server may import both, never each other;
//   inside the server, the layers of docs/architecture.md "Layers" (see
//   serverLayers below) and drizzle-orm only in queries.ts files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const relativeOnly = (message) => ({
  selector: 'ImportDeclaration[source.value=/^[^.]/], ImportExpression[source.value=/^[^.]/]',
  message,
});

// ---- server layers (docs/architecture.md "Layers"), top-down:
//   main → app, services → plugins, api, live, demo → scores, access, auth,
//   policies, backup → db, util, @gas/contracts, @gas/scoring
// Each folder lists the server folders it may not import. Tests and test
// helpers (*.test.ts, testing.ts, testing/) sit above everything and are exempt.
const notWeb = { regex: '^(@gas/web|.*\\/web\\/)', message: 'The server never imports web code.' };
const up = (folders, why) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: why,
});
const TOP = ['services', 'app', 'main', 'cli'];
const serverLayers = [
  {
    folder: 'db',
    forbidden: [
      up(
        [
          'api',
          'gara',
          'live',
          'scores',
          'access',
          'auth',
          'audit',
          'policies',
          'demo',
          'plugins',
          'util',
          ...TOP,
        ],
        'db/ is the bottom layer: it imports no other server folder.',
      ),
    ],
  },
  {
    folder: 'util',
    forbidden: [{ regex: '^\\.\\./', message: 'util/ imports nothing of the server.' }],
  },
  {
    // The LaTeX helpers and pdflatex: used by delivery slips, rankings and certificates alike.
    folder: 'pdf',
    forbidden: [{ regex: '^\\.\\./', message: 'pdf/ imports nothing of the server.' }],
  },
  ...['gara', 'scores', 'classifiche', 'access', 'auth', 'audit', 'policies', 'backup'].map(
    (folder) => ({
      folder,
      forbidden: [
        up(
          ['api', 'live', 'plugins', 'demo', ...TOP],
          `${folder}/ sits below api, live and plugins: it may import db, util, policies and the packages only.`,
        ),
      ],
    }),
  ),
  {
    folder: 'live',
    forbidden: [
      up(
        ['api', 'demo', ...TOP],
        'live/ never imports api/ (shared rules go to access/, scores/, auth/).',
      ),
    ],
  },
  {
    folder: 'api',
    forbidden: [
      {
        regex: '^(\\.\\./)+live(/|$)',
        message:
          'api/ never reaches the live transport: its changes go out through the core (gara/modifiche.ts).',
      },
      up(['demo', ...TOP], 'api/ never imports the demo or the composition root.'),
    ],
  },
  {
    // The command-line tools are adapters like api/: they call the core and
    // the infrastructure (and the demo's seed), never the routes.
    folder: 'cli',
    forbidden: [
      up(
        ['api', 'live', 'plugins', 'services', 'app', 'main'],
        'cli/ is an adapter like api/: it calls the core (gara/) and the infrastructure, never api/, live/, plugins/ or the composition root.',
      ),
    ],
  },
  {
    folder: 'email',
    forbidden: [
      up(
        ['api', 'gara', 'live', 'plugins', 'demo', 'errori', 'metrics', 'scores', ...TOP],
        'email/ only sends mail: it imports no other server folder but config.',
      ),
    ],
  },
  {
    folder: 'errori',
    forbidden: [
      up(
        ['api', 'gara', 'live', 'demo', 'metrics', ...TOP],
        'errori/ sits below api and live: it may import db, email, util and the packages only.',
      ),
    ],
  },
  {
    folder: 'metrics',
    forbidden: [
      up(['api', 'demo', ...TOP], 'metrics/ is read by the app, never reads api/ or demo/.'),
    ],
  },
  {
    folder: 'plugins',
    forbidden: [up(['api', 'live', 'demo', ...TOP], 'plugins/ never import api/, live/ or demo/.')],
  },
  {
    folder: 'demo',
    forbidden: [
      up(['api', 'live', 'plugins', ...TOP], 'demo/ drives the app through HTTP, not its modules.'),
    ],
  },
];
const drizzleOnlyInQueries = {
  regex: '^drizzle-orm(/|$)',
  message:
    'Only queries.ts files (and db/ schema, client, contest-window) import drizzle-orm: move the query there.',
};
const SERVER_TESTS = [
  'server/src/**/*.test.ts',
  'server/src/**/testing.ts',
  'server/src/**/testing/**',
];
/** Where drizzle-orm may be imported besides queries.ts files: the database layer itself. */
const DRIZZLE_INFRA = [
  'server/src/db/schema/**',
  'server/src/db/client.ts',
  'server/src/db/contest-window.ts',
  'server/src/db/migrations/**',
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const serverLayerConfigs = [
  // Top-level files and folders without a layer of their own: no drizzle.
  {
    files: ['server/src/**/*.ts'],
    ignores: [...SERVER_TESTS, '**/queries.ts', ...DRIZZLE_INFRA],
    rules: restrict([notWeb, drizzleOnlyInQueries]),
  },
  // The composition root builds the core and the infrastructure; the routes,
  // plugins and demo get what it built, and never the other way round.
  {
    files: ['server/src/services.ts'],
    rules: restrict([
      notWeb,
      drizzleOnlyInQueries,
      {
        regex: '^\\./(api|plugins|demo)(/|$)',
        message: 'services.ts imports only the core (gara/) and the infrastructure.',
      },
    ]),
  },
  ...serverLayers.flatMap(({ folder, forbidden }) => [
    {
      files: [`server/src/${folder}/**/*.ts`],
      ignores: [...SERVER_TESTS, '**/queries.ts', ...DRIZZLE_INFRA],
      rules: restrict([notWeb, drizzleOnlyInQueries, ...forbidden]),
    },
    {
      files: [`server/src/${folder}/**/queries.ts`, ...(folder === 'db' ? DRIZZLE_INFRA : [])],
      ignores: SERVER_TESTS,
      rules: restrict([notWeb, ...forbidden]),
    },
  ]),
];

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
      '**/dist-ssr/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      // Generated by `npm run openapi` (server/src/openapi/artifacts.ts).
      'web/src/api/schema.d.ts',
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
    rules: restrict([notWeb]),
  },
  ...serverLayerConfigs,
  prettier,
);
