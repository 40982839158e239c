// Bulk metadata update (issue 12 §2): one field set on ITEMS items (default 10,000) through the API
// (POST /api/v1/items/bulk-metadata), run by the worker of the one process `npm start` runs, on
// SQLite. Timed from the request until the run says done (GET …/bulk-metadata/{id}, polled every
// 50 ms); then the search index is checked to hold the new value for every item. Goal: ≥ 1,000
// items per second. ITEMS (10000). A fresh DATA_DIR, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newField, newForm } from '@skald/domain';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { FormsRepository } from '../apps/server/src/modules/forms/forms.repository.ts';
import { benchVideoItem, openBenchTenant } from './support/bench-tenant.ts';
import { startApiServer, stop } from './support/processes.ts';

const ITEMS = Number(process.env.ITEMS ?? 10_000);
const GOAL_PER_SECOND = 1_000;
const PASSWORD = 'bench bulk metadata password';
const EMAIL = 'editor@bench.test';

interface Run {
  id: string;
  state: string;
  progress: number;
  processed: number;
  updated: number;
  message: string | null;
}

/** A tenant, an editor allowed bulk updates, a form with a choice field, and ITEMS items. */
async function seed(dataDir: string): Promise<{ ids: string[] }> {
  const bench = await openBenchTenant(dataDir, {
    email: EMAIL,
    name: 'Eva Editor',
    password: PASSWORD,
    permissions: ['general.bulkMetadataUpdate'],
  });
  const { db, services, tenant } = bench;
  const category = {
    ...newField('category', 'Category', 'Choice'),
    alternatives: ['news', 'sport', 'culture'].map((value) => ({ value, label: value })),
  };
  const story = newField('story', 'Story', 'Text');
  await new FormsRepository(db).insert(
    tenant.id,
    { ...newForm('desk', 'Desk'), fields: [category, story] },
    new Date().toISOString(),
  );
  const at = new Date().toISOString();
  const ids = Array.from({ length: ITEMS }, () => newId());
  const items = services.itemsRepository;
  for (let from = 0; from < ids.length; from += 1000) {
    await items.transaction(async (trx) => {
      for (const [i, id] of ids.slice(from, from + 1000).entries()) {
        await items.insert(trx, benchVideoItem(bench, id, `Clip ${from + i + 1} from the harbour`, at));
      }
    });
  }
  await bench.close();
  return { ids };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-bench-bulk-'));
let server;
try {
  console.log(`seeding ${ITEMS.toLocaleString('en')} items`);
  const { ids } = await seed(dataDir);
  let base;
  ({ server, base } = await startApiServer(dataDir));
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'bench', email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie, 'content-type': 'application/json' };

  const started = performance.now();
  const res = await fetch(`${base}/api/v1/items/bulk-metadata`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      itemIds: ids,
      operations: [{ form: 'desk', field: 'category', op: 'set', value: 'sport' }],
    }),
  });
  if (res.status !== 202) throw new Error(`POST: ${res.status} ${await res.text()}`);
  const accepted = performance.now() - started;
  let run = (await res.json()) as Run;
  const progressSeen = new Set<number>();
  while (run.state !== 'completed' && run.state !== 'failed') {
    await new Promise((r) => setTimeout(r, 50));
    const polled = await fetch(`${base}/api/v1/items/bulk-metadata/${run.id}`, { headers: { cookie } });
    run = (await polled.json()) as Run;
    progressSeen.add(run.progress);
  }
  const seconds = (performance.now() - started) / 1000;
  if (run.state !== 'completed') throw new Error(`the run ${run.state}: ${run.message ?? ''}`);
  const perSecond = run.updated / seconds;
  console.log(`request answered (job queued) after ${accepted.toFixed(0)} ms`);
  console.log(
    `${run.updated.toLocaleString('en')} items updated in ${seconds.toFixed(2)} s: ${Math.round(perSecond).toLocaleString('en')} items/s (${progressSeen.size} distinct progress values seen)`,
  );

  // The index is current when the run says done: every item is found by the new value.
  const search = await fetch(
    `${base}/api/v1/search?searchString=${encodeURIComponent('category:sport')}&itemsPerPage=1`,
    { headers: { cookie } },
  );
  const found = (await search.json()) as { total: number; totalIsLowerBound: boolean };
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  const indexed = await db
    .selectFrom('item_field_terms')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('field_key', '=', 'category')
    .where('term', '=', 'sport')
    .executeTakeFirstOrThrow();
  await db.destroy();
  console.log(
    `search category:sport: ${found.total}${found.totalIsLowerBound ? '+' : ''}; index rows category=sport: ${Number(indexed.n).toLocaleString('en')} of ${ITEMS.toLocaleString('en')}`,
  );
  const current = Number(indexed.n) === ITEMS;
  const met = perSecond >= GOAL_PER_SECOND && current;
  console.log(
    `goal ≥ ${GOAL_PER_SECOND.toLocaleString('en')} items/s with the index current: ${met ? 'MET' : 'MISSED'}`,
  );
} finally {
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
