// Each statement of some searches on a library that bench/search.ts seeded with REUSE, timed:
// where a search's time goes (the page, the count, the plans' own counts, the hits' moments).
//   REUSE=<folder> [ENGINE=postgres] [EXPLAIN=1] [USAGE=valid|expiring|expired] node bench/search-statements.ts '<search>' …
// Each search runs once to warm, then once measured: its wall and CPU time, its total, and each
// statement's duration and SQL. SQLite: the statements run on the main thread (no read workers), so
// their durations are their own, but the page and the count still run side by side. ENGINE=postgres:
// the library's PostgreSQL database (named after the folder, PG_URL as bench/search.ts), through the
// search's own connection settings; EXPLAIN=1 then prints each statement's plan as it ran
// (`EXPLAIN (ANALYZE, BUFFERS)`, run again after the measured search): on PostgreSQL a statement's
// first run on one of the two connections, or over pages not in shared buffers, may take far longer
// than its plan's execution says. USAGE: with the usage filter (`&usage=`) of the bench form's rule.
// PARAMS=1: each statement's parameters too. SQL_CHARS: how much of each statement (600).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CompiledQuery, type LogEvent } from 'kysely';
import {
  parseSearchQuery,
  USAGE_FILTER_DAYS,
  usageFilterContexts,
  type UsageFilterState,
} from '@skald/domain';
import { IdentityLoader } from '../apps/server/src/identity/identity.loader.ts';
import { GroupsRepository } from '../apps/server/src/modules/groups/groups.repository.ts';
import { TenantsRepository } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { postgresMomentEngine, sqliteMomentEngine } from '../apps/server/src/search/moment-engines.ts';
import { PostgresTextEngine } from '../apps/server/src/search/postgres-text-engine.ts';
import { createSearchDatabase } from '../apps/server/src/db/database.ts';
import type { SearchRequest } from '../apps/server/src/search/search-request.ts';
import { SqlSearchIndex } from '../apps/server/src/search/sql-search-index.ts';
import { hitMoments } from '../apps/server/src/modules/search/hit-moments.ts';
import { SqliteTextEngine } from '../apps/server/src/search/sqlite-text-engine.ts';
import { benchForm } from './support/metadata-library.ts';

const REUSE = process.env.REUSE;
if (!REUSE || process.argv.length < 3) {
  console.error("usage: REUSE=<folder> [ENGINE=postgres] node bench/search-statements.ts '<search>' …");
  process.exit(2);
}
const postgres = process.env.ENGINE === 'postgres';
const usage = process.env.USAGE as UsageFilterState | undefined;
const dataDir = path.join(REUSE, postgres ? 'postgres' : 'sqlite');
const seeded = JSON.parse(readFileSync(path.join(dataDir, 'seeded.json'), 'utf8')) as {
  slug: string;
  email: string;
};

const statements: { ms: number; sql: string; parameters: readonly unknown[] }[] = [];
const log = (event: LogEvent) => {
  if (event.level === 'query') {
    const { sql, parameters } = event.query;
    statements.push({ ms: event.queryDurationMillis, sql: sql.replace(/\s+/g, ' '), parameters });
  }
};
const database = `bench_search_${path.basename(path.resolve(REUSE)).replace(/\W/g, '_').toLowerCase()}`;
const pgUrl = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const db = createSearchDatabase(
  { databaseUrl: postgres ? `${pgUrl}/${database}` : undefined, dataDir },
  { connections: postgres ? 2 : 0, statementTimeoutMs: 60_000 },
  log,
);

// The bench's searcher, as a request of theirs sees them.
const tenant = await db
  .selectFrom('tenants')
  .selectAll()
  .where('slug', '=', seeded.slug)
  .executeTakeFirstOrThrow();
const user = await db
  .selectFrom('users')
  .select('id')
  .where('tenant_id', '=', tenant.id)
  .where('email', '=', seeded.email)
  .executeTakeFirstOrThrow();
const identity = await new IdentityLoader({
  tenants: new TenantsRepository(db),
  users: new UsersRepository(db),
  groups: new GroupsRepository(db),
}).load(tenant.id, user.id);
if (!identity) throw new Error('the bench searcher is gone');
const metadataFields = new Set(benchForm().fields.map((f) => f.fieldId.toLowerCase()));

const index = postgres
  ? new SqlSearchIndex(db, new PostgresTextEngine(db), postgresMomentEngine)
  : new SqlSearchIndex(db, new SqliteTextEngine(db), sqliteMomentEngine);
for (const search of process.argv.slice(2)) {
  const parsed = parseSearchQuery(search, { metadataFields });
  if (!parsed.ok) throw new Error(`${search}: ${parsed.error.message}`);
  const request: SearchRequest = {
    tenantId: tenant.id,
    principal: identity.principal,
    query: parsed.query,
    itemTypes: [],
    deleted: false,
    sort: 'relevance',
    order: 'desc',
    from: 0,
    itemsPerPage: 50,
    hitMoments: true,
    usage: usage && {
      state: usage,
      withinDays: USAGE_FILTER_DAYS.default,
      now: new Date(),
      contexts: usageFilterContexts([benchForm()]),
    },
  };
  // The search as the API runs it: its page and count, with the page's hit moments.
  const searched = async () => {
    const page = await index.search(request);
    return { page, moments: await hitMoments(page.moments, page.searched) };
  };
  await searched();
  statements.length = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { page, moments } = await searched();
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  console.log(
    `\n${search}: ${wall.toFixed(1)} ms wall, ${((used.user + used.system) / 1000).toFixed(1)} ms CPU, ` +
      `${page.rows.length} on the page (${moments.size} with moments), ` +
      `total ${page.total}${page.totalIsLowerBound ? '+' : ''}`,
  );
  const measured = [...statements];
  for (const s of measured) {
    console.log(`${s.ms.toFixed(1).padStart(8)} ms  ${s.sql.slice(0, Number(process.env.SQL_CHARS ?? 600))}`);
    if (process.env.PARAMS === '1') console.log(`      ${JSON.stringify(s.parameters)}`);
    if (postgres && process.env.EXPLAIN === '1') {
      const explain = CompiledQuery.raw(`explain (analyze, buffers) ${s.sql}`, [...s.parameters]);
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(explain);
      for (const row of rows) console.log(`      ${row['QUERY PLAN']}`);
    }
  }
}
await db.destroy();
