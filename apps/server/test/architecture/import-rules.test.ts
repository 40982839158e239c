import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import importRules from '../../../../eslint.boundaries.ts';

// The import rules of docs/ARCHITECTURE.md, run on deliberately bad imports (and on good ones
// beside them) as if each fixture were a file at its path in the repository. The imported files
// exist, so the rules see the same parts as in `npx eslint .`.
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...importRules],
});

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.ruleId ?? ''}`);
}

const FAILS = 'boundaries/dependencies';

describe('the import rules', () => {
  it.each([
    [
      'packages/domain imports no Node built-in',
      'packages/domain/src/fixture.ts',
      "import { readFile } from 'node:fs/promises';",
    ],
    ['packages/domain imports no I/O library', 'packages/domain/src/fixture.ts', "import pg from 'pg';"],
    [
      'packages/domain imports nothing of the server',
      'packages/domain/src/fixture.ts',
      "import { nowIso } from '../../../apps/server/src/lib/time.ts';",
    ],
    [
      'the web imports nothing of the server',
      'apps/web/src/fixture.ts',
      "import type { ItemDto } from '../../server/src/modules/items/items.presenter.ts';",
    ],
    [
      'the search engine imports no feature module',
      'apps/server/src/search/fixture.ts',
      "import type { ItemsService } from '../modules/items/items.service.ts';",
    ],
    [
      'the database layer imports no feature module',
      'apps/server/src/db/fixture.ts',
      "import { UsersRepository } from '../modules/users/users.repository.ts';",
    ],
    [
      'a plugin imports no feature module',
      'apps/server/src/plugins/fixture.ts',
      "import type { AuthService } from '../modules/auth/auth.service.ts';",
    ],
    [
      'an engine imports no composition root',
      'apps/server/src/jobs/fixture.ts',
      "import type { Services } from '../services.ts';",
    ],
    [
      'a feature never reaches another feature’s repository',
      'apps/server/src/modules/folders/fixture.ts',
      "import type { ItemsRepository } from '../items/items.repository.ts';",
    ],
    [
      'a feature never imports another feature’s routes',
      'apps/server/src/modules/search/fixture.ts',
      "import { registerItemRoutes } from '../items/items.routes.ts';",
    ],
    [
      'items imports nothing from processing',
      'apps/server/src/modules/items/fixture.ts',
      "import type { ProcessingService } from '../processing/processing.service.ts';",
    ],
    [
      'a feature imports no composition root',
      'apps/server/src/modules/items/fixture.ts',
      "import type { Services } from '../../services.ts';",
    ],
    [
      'a feature takes no value from app.ts',
      'apps/server/src/modules/items/fixture.ts',
      "import { buildApp } from '../../app.ts';",
    ],
  ])('%s', async (_rule, file, badImport) => {
    expect(await violations(file, `${badImport}\n`)).toEqual([`1: ${FAILS}`]);
  });

  it.each([
    [
      'the domain uses a pure library and its own files',
      'packages/domain/src/fixture.ts',
      "import { z } from 'zod';\nimport { LIMITS } from './limits.ts';",
    ],
    ['the web uses the domain', 'apps/web/src/fixture.ts', "import { MESSAGES } from '@skald/domain';"],
    [
      'an engine uses another engine',
      'apps/server/src/search/fixture.ts',
      "import { visibleTo } from '../access/visibility-filter.ts';\nimport { usersNamedBy } from '../db/users-named-by.ts';",
    ],
    [
      'a feature uses another feature’s service and its own repository',
      'apps/server/src/modules/bookmarks/fixture.ts',
      "import type { ItemsService } from '../items/items.service.ts';\nimport { BookmarksRepository } from './bookmarks.repository.ts';",
    ],
    [
      'a feature names an interface another declares',
      'apps/server/src/modules/items/fixture.ts',
      "import type { UserDirectory } from '../users/user-directory.ts';",
    ],
    [
      'a route module names the App type',
      'apps/server/src/modules/items/fixture.ts',
      "import type { App } from '../../app.ts';",
    ],
    [
      'a composition root imports anything',
      'apps/server/src/composition/fixture.ts',
      "import { ItemsRepository } from '../modules/items/items.repository.ts';",
    ],
  ])('allow: %s', async (_rule, file, goodImports) => {
    expect(await violations(file, `${goodImports}\n`)).toEqual([]);
  });
});
