import { BULK_RULE_TEXTS, MESSAGES, type HistoryEntry } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runBulkMetadataJob,
  type BulkMetadataJobDeps,
} from '../src/modules/bulk-metadata/bulk-metadata.job.ts';
import type { BulkMetadataDto } from '../src/modules/bulk-metadata/bulk-metadata.service.ts';
import { BulkMetadataRepository } from '../src/modules/bulk-metadata/bulk-metadata.repository.ts';
import { ItemMetadataRepository } from '../src/modules/items/item-metadata.repository.ts';
import type { Page } from '../src/lib/paging.ts';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { waitFor } from './durability/support/wait.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
});
afterAll(async () => t.close());

const FORM = {
  id: 'news',
  label: 'News',
  active: true,
  fields: [
    { fieldId: 'story', label: 'Story', type: 'Text', required: true },
    {
      fieldId: 'tags',
      label: 'Tags',
      type: 'MultipleChoice',
      alternatives: [
        { value: 'sport', label: 'Sport' },
        { value: 'culture', label: 'Culture' },
      ],
    },
    { fieldId: 'embargo', label: 'Embargo', type: 'Date' },
  ],
};

interface Lib {
  tt: TestTenant;
  admin: TestUser;
  editor: TestUser;
  viewer: TestUser;
  ids: string[];
  locked: string;
}

async function library(): Promise<Lib> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { permissions: ['general.bulkMetadataUpdate'] });
  const viewer = await makeUser(t, tt);
  const res = await t.call({ method: 'POST', url: '/api/v1/forms', cookie: admin.cookie, body: FORM });
  expect(res.statusCode).toBe(201);
  const ids = [];
  for (const title of ['One', 'Two', 'Three']) ids.push(await makeItem(t, tt, { ownerId: admin.id, title }));
  const desk = await t.services.groupsService.create(tt.root, { name: 'Desk', permissions: [] });
  const locked = await makeItem(t, tt, {
    ownerId: admin.id,
    title: 'Locked',
    updatableBy: { level: 'selected_groups', groups: [desk.id] },
  });
  return { tt, admin, editor, viewer, ids, locked };
}

const post = (user: TestUser | null, body: object) =>
  t.call({
    method: 'POST',
    url: '/api/v1/items/bulk-metadata',
    ...(user ? { cookie: user.cookie } : {}),
    body,
  });
const get = (user: TestUser | null, id: string) =>
  t.call({
    method: 'GET',
    url: `/api/v1/items/bulk-metadata/${id}`,
    ...(user ? { cookie: user.cookie } : {}),
  });

async function finished(user: TestUser, body: object): Promise<BulkMetadataDto> {
  const res = await post(user, body);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<BulkMetadataDto>();
  return waitFor(
    async () => {
      const run = (await get(user, id)).json<BulkMetadataDto>();
      return run.state === 'completed' || run.state === 'failed' ? run : undefined;
    },
    'the bulk update to finish',
    15_000,
  );
}

const valuesOf = async (user: TestUser, id: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/items/${id}/metadata`, cookie: user.cookie })).json<{
    values: Record<string, Record<string, unknown>>;
  }>().values.news;

const found = async (user: TestUser, searchString: string) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}`,
      cookie: user.cookie,
    })
  )
    .json<SearchAnswer>()
    .items.map((i) => i.title)
    .sort();

describe('POST /api/v1/items/bulk-metadata', () => {
  let lib: Lib;
  beforeAll(async () => {
    lib = await library();
  });

  it('sets, adds to and clears fields on every item, searchable when the job says done, each change in the history', async () => {
    await t.call({
      method: 'PATCH',
      url: `/api/v1/items/${lib.ids[0] ?? ''}/metadata`,
      cookie: lib.admin.cookie,
      body: { forms: { news: { story: 'Old', tags: ['culture'], embargo: '2026-01-01' } } },
    });
    const run = await finished(lib.editor, {
      itemIds: lib.ids,
      operations: [
        { form: 'news', field: 'story', op: 'set', value: 'Election night' },
        { form: 'news', field: 'tags', op: 'add', value: ['sport'] },
        { form: 'news', field: 'embargo', op: 'clear' },
      ],
    });
    expect(run).toMatchObject({
      state: 'completed',
      progress: 100,
      total: 3,
      processed: 3,
      updated: 3,
      skipped: [],
    });
    expect(run.message).toBeNull();
    expect(await valuesOf(lib.editor, lib.ids[0] ?? '')).toEqual({
      story: 'Election night',
      tags: ['culture', 'sport'],
    });
    expect(await valuesOf(lib.editor, lib.ids[1] ?? '')).toEqual({
      story: 'Election night',
      tags: ['sport'],
    });
    expect(await found(lib.editor, 'story:"election night" tags:sport')).toEqual(['One', 'Three', 'Two']);
    expect(await found(lib.editor, 'embargo:2026-01-01')).toEqual([]);
    const history = await t.call({
      method: 'GET',
      url: `/api/v1/items/${lib.ids[0] ?? ''}/history`,
      cookie: lib.admin.cookie,
    });
    const changes = history
      .json<Page<HistoryEntry>>()
      .items.filter((h) => h.action === 'metadataChanged' && h.actor?.id === lib.editor.id)
      .map((h) => h.details);
    expect(changes).toEqual(
      expect.arrayContaining([
        { form: 'news', field: 'story', before: 'Old', after: 'Election night' },
        { form: 'news', field: 'tags', before: ['culture'], after: ['culture', 'sport'] },
        { form: 'news', field: 'embargo', before: '2026-01-01', after: null },
      ]),
    );
    expect(changes).toHaveLength(3);
  });

  it("skips and lists the items the caller may not update, another tenant's among them, with the spec's message", async () => {
    const other = await library();
    const run = await finished(lib.editor, {
      itemIds: [lib.ids[2], lib.locked, other.ids[0]],
      operations: [{ form: 'news', field: 'story', op: 'set', value: 'Skips' }],
    });
    expect(run).toMatchObject({ state: 'completed', total: 3, processed: 3, updated: 1 });
    expect(run.skipped).toEqual([
      { id: lib.locked, title: 'Locked' },
      { id: other.ids[0], title: null },
    ]);
    expect(run.message).toBe(`Failed to update: Locked, ${other.ids[0] ?? ''}`);
    expect(await valuesOf(lib.admin, lib.locked)).toBeUndefined();
    expect(await valuesOf(other.admin, other.ids[0] ?? '')).toBeUndefined();
    expect(await valuesOf(lib.admin, lib.ids[2] ?? '')).toMatchObject({ story: 'Skips' });
  });

  it('takes a folder (an empty search in it) or a search as the selection', async () => {
    const folder = await makeFolder(t, lib.tt, 'Desk news');
    const a = await makeItem(t, lib.tt, { ownerId: lib.admin.id, title: 'In folder A', folderId: folder.id });
    await makeItem(t, lib.tt, { ownerId: lib.admin.id, title: 'In folder B', folderId: folder.id });
    const inFolder = await finished(lib.editor, {
      selection: { folderId: folder.id },
      operations: [{ form: 'news', field: 'tags', op: 'set', value: ['culture'] }],
    });
    expect(inFolder).toMatchObject({ total: 2, updated: 2 });
    expect(await found(lib.editor, 'tags:culture')).toEqual(
      expect.arrayContaining(['In folder A', 'In folder B']),
    );
    const searched = await finished(lib.editor, {
      selection: { searchString: '"in folder a"' },
      operations: [{ form: 'news', field: 'embargo', op: 'set', value: '2027-05-17' }],
    });
    expect(searched).toMatchObject({ total: 1, updated: 1 });
    expect(await valuesOf(lib.editor, a)).toMatchObject({ embargo: '2027-05-17' });
  });

  it('changes each item whole or not at all: a failing batch leaves every item as it was, and a rerun finishes it', async () => {
    const res = await post(lib.editor, {
      itemIds: lib.ids,
      operations: [{ form: 'news', field: 'story', op: 'set', value: 'Atomic' }],
    });
    const { id } = res.json<BulkMetadataDto>();
    // Let the queue's own run finish first, then replay the same run from the start by hand.
    await waitFor(
      async () =>
        (await get(lib.editor, id)).json<BulkMetadataDto>().state === 'completed' ? true : undefined,
      'the run',
      15_000,
    );
    const runs = new BulkMetadataRepository(t.services.db);
    await t.services.db
      .updateTable('bulk_metadata_runs')
      .set({ processed: 0, updated: 0, finished_at: null })
      .where('id', '=', id)
      .execute();
    const real = new ItemMetadataRepository(t.services.db);
    let puts = 0;
    const failing: BulkMetadataJobDeps['metadata'] = {
      lockAll: (...a) => real.lockAll(...a),
      ofAll: (...a) => real.ofAll(...a),
      // Writes the batch's first item, then fails: the transaction must take that write back.
      putAll: async (trx, tenantId, entries, at) => {
        puts += 1;
        await real.putAll(trx, tenantId, entries.slice(0, 1), at);
        throw new Error('disk full');
      },
    };
    for (const itemId of lib.ids) {
      await t.call({
        method: 'PATCH',
        url: `/api/v1/items/${itemId}/metadata`,
        cookie: lib.admin.cookie,
        body: { forms: { news: { story: 'Before' } } },
      });
    }
    const deps = (metadata: BulkMetadataJobDeps['metadata']): BulkMetadataJobDeps => ({
      runs,
      items: t.services.itemsRepository,
      access: t.services.accessRepository,
      metadata,
    });
    const job = {
      id: 'manual',
      type: 'metadata.bulk' as const,
      tenantId: lib.tt.tenant.id,
      payload: { runId: id },
      attempt: 1,
      maxAttempts: 1,
      reportProgress: () => Promise.resolve(),
      signal: new AbortController().signal,
    };
    await expect(runBulkMetadataJob(deps(failing), job)).rejects.toThrow('disk full');
    expect(puts).toBe(1);
    for (const itemId of lib.ids)
      expect(await valuesOf(lib.admin, itemId)).toMatchObject({ story: 'Before' });
    expect(await found(lib.admin, 'story:atomic')).toEqual([]);
    expect((await get(lib.editor, id)).json<BulkMetadataDto>()).toMatchObject({
      processed: 0,
      finishedAt: null,
    });
    await runBulkMetadataJob(deps(real), job);
    for (const itemId of lib.ids)
      expect(await valuesOf(lib.admin, itemId)).toMatchObject({ story: 'Atomic' });
    expect((await get(lib.editor, id)).json<BulkMetadataDto>()).toMatchObject({
      processed: 3,
      updated: 3,
      state: 'completed',
    });
  });

  it('answers 401 without a session', async () => {
    expect(
      (await post(null, { itemIds: lib.ids, operations: [{ form: 'news', field: 'story', op: 'clear' }] }))
        .statusCode,
    ).toBe(401);
    expect((await get(null, lib.ids[0] ?? '')).statusCode).toBe(401);
  });

  it('answers 403 without general.bulkMetadataUpdate', async () => {
    const res = await post(lib.viewer, {
      itemIds: lib.ids,
      operations: [{ form: 'news', field: 'embargo', op: 'clear' }],
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another user's or another tenant's bulk update", async () => {
    const res = await post(lib.editor, {
      itemIds: lib.ids,
      operations: [{ form: 'news', field: 'embargo', op: 'clear' }],
    });
    const { id } = res.json<BulkMetadataDto>();
    const colleague = await makeUser(t, lib.tt, { permissions: ['general.bulkMetadataUpdate'] });
    expect((await get(colleague, id)).statusCode).toBe(404);
    const other = await library();
    expect((await get(other.editor, id)).statusCode).toBe(404);
    expect((await get(lib.editor, id)).statusCode).toBe(200);
  });

  it.each<[string, object, string, string?]>([
    [
      'an unknown field',
      { operations: [{ form: 'news', field: 'nope', op: 'clear' }] },
      'operations.0.field',
      BULK_RULE_TEXTS.unknownField,
    ],
    [
      'a value outside the options',
      { operations: [{ form: 'news', field: 'tags', op: 'add', value: ['x'] }] },
      'operations.0.value',
      MESSAGES.invalidOptionValue,
    ],
    [
      'clearing a required field',
      { operations: [{ form: 'news', field: 'story', op: 'clear' }] },
      'operations.0.op',
      MESSAGES.valueRequired,
    ],
    [
      'an unknown operation',
      { operations: [{ form: 'news', field: 'story', op: 'drop' }] },
      'operations.0.op',
    ],
    ['no operation', { operations: [] }, 'operations'],
    [
      'an item id that is no id',
      { itemIds: ['x'], operations: [{ form: 'news', field: 'embargo', op: 'clear' }] },
      'itemIds.0',
    ],
    [
      'too many items',
      {
        itemIds: Array.from({ length: 10_001 }, () => '01900000-0000-7000-8000-000000000000'),
        operations: [{ form: 'news', field: 'embargo', op: 'clear' }],
      },
      'itemIds',
    ],
  ])('answers 400 for %s', async (_, body, field, message) => {
    const res = await post(lib.editor, { itemIds: lib.ids, ...body });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    if (message) expect(errorOf(res).details?.find((d) => d.field === field)?.message).toBe(message);
  });

  it('answers 400 naming itemIds with neither or both of itemIds and a selection', async () => {
    const operations = [{ form: 'news', field: 'embargo', op: 'clear' }];
    expect(fieldsOf(await post(lib.editor, { operations }))).toEqual(['itemIds']);
    expect(fieldsOf(await post(lib.editor, { itemIds: lib.ids, selection: {}, operations }))).toEqual([
      'itemIds',
    ]);
  });
});
