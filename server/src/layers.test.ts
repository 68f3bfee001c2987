// The ESLint rules that keep the server's layers (docs/architecture.md
// "Layers"): an import that goes up a layer, or drizzle-orm outside a
// queries.ts file, fails `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('server layer rules', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The messages of the import rule for `code` placed at `file` (under server/src). */
  async function restricted(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'server/src', file) });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  it.each([
    ['live/x.ts', "import type { ApiDeps } from '../api/deps';", 'live/ never imports api/'],
    ['api/risposta/x.ts', "import { FeedHub } from '../../live/hub';", 'through the core'],
    ['api/risposta/x.ts', "import type { LiveBus } from '../../live/bus';", 'through the core'],
    ['scores/x.ts', "import { LiveBus } from '../live/bus';", 'scores/ sits below'],
    ['access/x.ts', "import { apiError } from '../api/shared/pagination';", 'access/ sits below'],
    ['auth/x.ts', "import { sessionAuth } from '../plugins/auth/session';", 'auth/ sits below'],
    ['backup/x.ts', "import { buildApp } from '../app';", 'backup/ sits below'],
    ['gara/x.ts', "import { ok } from '../api/shared/responses';", 'gara/ sits below'],
    ['email/x.ts', "import { CasellaErrori } from '../errori/casella';", 'email/ only sends mail'],
    ['errori/x.ts', "import type { ApiDeps } from '../api/deps';", 'errori/ sits below'],
    ['metrics/x.ts', "import { apiRoutes } from '../api';", 'metrics/ is read by the app'],
    ['backup/x.ts', "import { migrateDatabase } from '../cli/restore';", 'backup/ sits below'],
    ['cli/x.ts', "import { apiRoutes } from '../api';", 'cli/ is an adapter'],
    ['cli/x.ts', "import { importRoutes } from '../api/import/routes';", 'cli/ is an adapter'],
    ['cli/x.ts', "import { FeedHub } from '../live/hub';", 'cli/ is an adapter'],
    ['cli/x.ts', "import { createServices } from '../services';", 'cli/ is an adapter'],
    ['gara/correzione.ts', "import { eq } from 'drizzle-orm';", 'Only queries.ts files'],
    ['db/x.ts', "import type { Actor } from '../policies';", 'db/ is the bottom layer'],
    ['db/schema/x.ts', "import { hashPassword } from '../../auth/password';", 'bottom layer'],
    ['demo/x.ts', "import { buildApp } from '../app';", 'demo/ drives the app'],
    ['util/x.ts', "import type { Database } from '../db/client';", 'util/ imports nothing'],
    ['pdf/x.ts', "import type { Database } from '../db/client';", 'pdf/ imports nothing'],
    [
      'classifiche/x.ts',
      "import { ok } from '../api/shared/responses';",
      'classifiche/ sits below',
    ],
    ['api/auth/routes.ts', "import { eq } from 'drizzle-orm';", 'Only queries.ts files'],
    ['live/feeds.ts', "import { sql } from 'drizzle-orm';", 'Only queries.ts files'],
    ['services.ts', "import { sql } from 'drizzle-orm';", 'Only queries.ts files'],
    ['services.ts', "import { x } from './api/risposta/routes';", 'only the core'],
    ['services.ts', "import { x } from './plugins/microcache';", 'only the core'],
  ])('%s: %s is refused', async (file, code, why) => {
    const messages = await restricted(file, `${code}\nexport {};\n`);
    expect(messages.join('\n')).toContain(why);
  });

  it.each([
    ['api/risposta/x.ts', "import type { FlussoModifiche } from '../../gara/modifiche';"],
    ['api/risposta/x.ts', "import { toScoringEvent } from '../../scores/rows';"],
    ['classifiche/x.ts', "import { buildSnapshot } from '../scores/build';"],
    ['api/classifica/x.ts', "import { compileLatex } from '../../pdf/pdflatex';"],
    ['live/x.ts', "import { loadEventoWithAccess } from '../access/queries';"],
    ['api/risposta/queries.ts', "import { eq } from 'drizzle-orm';"],
    ['db/schema/x.ts', "import { sql } from 'drizzle-orm';"],
    ['demo/seed/x.ts', "import { hashPassword } from '../../auth/password';"],
    ['live/x.test.ts', "import { createTestApp } from '../api/testing';"],
    ['services.ts', "import { ConsegnaBatcher } from './gara/risposte/consegna';"],
    ['cli/x.ts', "import { importa } from '../gara/importazione/engine';"],
    ['cli/x.ts', "import { seedDemoData } from '../demo/seed';"],
    ['cli/x.ts', "import { backup } from '../backup';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
