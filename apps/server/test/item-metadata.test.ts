import { MESSAGES, type HistoryEntry } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface ItemMetadata {
  itemId: string;
  values: Record<string, Record<string, unknown>>;
  writable: Record<string, string[]>;
}

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });
const read = async (user: TestUser, id: string) => {
  const res = await call(user, 'GET', `/api/v1/items/${id}/metadata`);
  expect(res.statusCode).toBe(200);
  return res.json<ItemMetadata>();
};
const patch = (user: TestUser, id: string, forms: object) =>
  call(user, 'PATCH', `/api/v1/items/${id}/metadata`, { forms });

interface Setup {
  tt: TestTenant;
  admin: TestUser;
  editor: TestUser;
  itemId: string;
  deskGroup: string;
}

async function setup(): Promise<Setup> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const desk = await t.services.groupsService.create(tt.root, { name: 'Desk', permissions: [] });
  const editor = await makeUser(t, tt, { groupIds: [desk.id] });
  const res = await call(admin, 'POST', '/api/v1/forms', {
    id: 'news',
    label: 'News',
    active: true,
    fields: [
      { fieldId: 'story', label: 'Story', type: 'Text', required: true },
      {
        fieldId: 'source',
        label: 'Source',
        type: 'Choice',
        alternatives: [
          { value: 'ntb', label: 'NTB' },
          { value: 'own', label: 'Own' },
        ],
      },
      { fieldId: 'embargo', label: 'Embargo', type: 'Date' },
      { fieldId: 'rights', label: 'Rights', type: 'Text', userCanWrite: [desk.id] },
      { fieldId: 'legal', label: 'Legal', type: 'Text', userCanRead: [desk.id] },
    ],
  });
  expect(res.statusCode).toBe(201);
  const itemId = await makeItem(t, tt, { ownerId: admin.id, title: 'Storm', description: 'Wind' });
  return { tt, admin, editor, itemId, deskGroup: desk.id };
}

describe('item metadata', () => {
  it("reads the Common form from the item's own title and description", async () => {
    const { editor, itemId } = await setup();
    const metadata = await read(editor, itemId);
    expect(metadata.values.common).toEqual({ title: 'Storm', description: 'Wind' });
    expect(metadata.writable.common).toEqual(['title', 'description']);
    expect(metadata.writable.news).toEqual(['story', 'source', 'embargo', 'rights', 'legal']);
  });

  it('sets values of several forms at once, renames the item through Common, and records each change', async () => {
    const { editor, itemId } = await setup();
    const res = await patch(editor, itemId, {
      common: { title: 'Storm over Oslo' },
      news: { story: 'Weather', source: 'ntb', embargo: '2026-12-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemMetadata>().values).toMatchObject({
      common: { title: 'Storm over Oslo', description: 'Wind' },
      news: { story: 'Weather', source: 'ntb', embargo: '2026-12-01' },
    });
    const item = await call(editor, 'GET', `/api/v1/items/${itemId}`);
    expect(item.json<{ title: string }>().title).toBe('Storm over Oslo');
    const history = await call(editor, 'GET', `/api/v1/items/${itemId}/history`);
    const changes = history
      .json<Page<HistoryEntry>>()
      .items.filter((h) => h.action === 'metadataChanged')
      .map((h) => h.details);
    expect(changes).toEqual(
      expect.arrayContaining([
        { form: 'common', field: 'title', before: 'Storm', after: 'Storm over Oslo' },
        { form: 'news', field: 'story', before: null, after: 'Weather' },
        { form: 'news', field: 'source', before: null, after: 'ntb' },
        { form: 'news', field: 'embargo', before: null, after: '2026-12-01' },
      ]),
    );
    expect(changes).toHaveLength(4);
    const actor = history.json<Page<HistoryEntry>>().items.find((h) => h.action === 'metadataChanged')?.actor;
    expect(actor?.id).toBeDefined();
  });

  it('clears a value with null', async () => {
    const { editor, itemId } = await setup();
    await patch(editor, itemId, { news: { story: 'Weather', source: 'own' } });
    await patch(editor, itemId, { news: { source: null } });
    expect((await read(editor, itemId)).values.news).toEqual({ story: 'Weather' });
  });

  it.each<[object, string, string]>([
    [{ news: { source: 'ntb' } }, 'forms.news.story', 'Value required'],
    [
      { news: { story: 'x', source: 'reuters' } },
      'forms.news.source',
      'Invalid value found - please select a new one.',
    ],
    [
      { news: { story: 'x', embargo: '2026-02-30' } },
      'forms.news.embargo',
      'Value must be a date (YYYY-MM-DD)',
    ],
    [{ common: { title: '' } }, 'forms.common.title', 'Value required'],
    [{ news: { nope: 'x' } }, 'forms.news.nope', 'Unknown field'],
    [{ sport: { x: 'y' } }, 'forms.sport', 'Unknown form'],
  ])('refuses %o with 400 at %s (%s), writing nothing', async (forms, field, message) => {
    const { editor, itemId } = await setup();
    const res = await patch(editor, itemId, {
      ...forms,
      common: { description: 'Changed', ...(forms as { common?: object }).common },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toContainEqual(expect.objectContaining({ field, message }));
    const after = await read(editor, itemId);
    expect(after.values.common?.description).toBe('Wind');
    expect(after.values.news).toBeUndefined();
  });

  it("honours each field's userCanRead and userCanWrite", async () => {
    const { tt, admin, editor, itemId } = await setup();
    const outsider = await makeUser(t, tt);
    await patch(admin, itemId, { news: { story: 'Weather', legal: 'Cleared' } });
    expect((await read(editor, itemId)).values.news).toEqual({ story: 'Weather', legal: 'Cleared' });
    const seen = await read(outsider, itemId);
    expect(seen.values.news).toEqual({ story: 'Weather' });
    expect(seen.writable.news).toEqual(['story', 'source', 'embargo']);
    const refused = await patch(outsider, itemId, { news: { rights: 'All' } });
    expect(refused.statusCode).toBe(403);
    expect(fieldsOf(refused)).toEqual(['forms.news.rights']);
    expect((await patch(editor, itemId, { news: { rights: 'All' } })).statusCode).toBe(200);
  });

  it("keeps a removed field's value readable until the item is edited", async () => {
    const { admin, editor, itemId } = await setup();
    await patch(editor, itemId, { news: { story: 'Weather', source: 'ntb' } });
    const form = (await call(admin, 'GET', '/api/v1/forms/news')).json<{ fields: { fieldId: string }[] }>();
    const without = form.fields.filter((f) => f.fieldId !== 'source');
    expect((await call(admin, 'PATCH', '/api/v1/forms/news', { fields: without })).statusCode).toBe(200);
    expect((await read(editor, itemId)).values.news).toEqual({ story: 'Weather', source: 'ntb' });
    await patch(editor, itemId, { news: { story: 'Weather today' } });
    expect((await read(editor, itemId)).values.news).toEqual({ story: 'Weather today' });
  });

  it('lets item.updateMetadata alone change values, and refuses without it or the updatable-by list', async () => {
    const { tt, admin, itemId } = await setup();
    const onlyMetadata = await makeUser(t, tt);
    expect((await patch(onlyMetadata, itemId, { news: { story: 'x' } })).statusCode).toBe(200);
    const locked = await makeItem(t, tt, { ownerId: admin.id, updatableBy: { level: 'owner', groups: [] } });
    const res = await patch(onlyMetadata, locked, { news: { story: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noUpdateThisItemPermission);
    expect((await read(onlyMetadata, locked)).writable.news).toEqual([]);
  });
});

describe('every item metadata route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/items/{id}/metadata', method: 'GET', url: (id) => `/api/v1/items/${id}/metadata` },
    {
      route: 'PATCH /api/v1/items/{id}/metadata',
      method: 'PATCH',
      url: (id) => `/api/v1/items/${id}/metadata`,
      body: { forms: { common: { title: 'Changed' } } },
    },
  ];
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  const unchanged = async () => {
    expect((await read(s.admin, s.itemId)).values.common?.title).toBe('Storm');
  };

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    const res = await t.call({ method: r.method, url: r.url(s.itemId), ...(r.body ? { body: r.body } : {}) });
    expect(res.statusCode).toBe(401);
    await unchanged();
  });

  it.each(routeCases(ROUTES))('%s answers 404 for another tenant’s item', async (_name, r) => {
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    const res = await call(stranger, r.method, r.url(s.itemId), r.body);
    expect(res.statusCode).toBe(404);
    await unchanged();
  });

  it('PATCH answers 403 without item.updateMetadata', async () => {
    const tt = s.tt;
    await t.services.groupsRepository.update(tt.tenant.id, tt.tenant.organisation_group_id, {
      permissions: '[]',
    });
    t.services.identityCaches.tenantChanged(tt.tenant.id);
    const user = await makeUser(t, tt);
    const res = await call(user, 'PATCH', `/api/v1/items/${s.itemId}/metadata`, {
      forms: { common: { title: 'x' } },
    });
    expect(res.statusCode).toBe(403);
    await unchanged();
  });

  it.each([
    [{ forms: { common: { title: 5 } } }, 'forms.common.title'],
    [{ forms: { common: { title: 'x'.repeat(10_001) } } }, 'forms.common.title'],
    [{}, 'forms'],
  ])('PATCH answers 400 naming the field for %o', async (body, field) => {
    const res = await call(s.admin, 'PATCH', `/api/v1/items/${s.itemId}/metadata`, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    await unchanged();
  });

  it.each(routeCases(ROUTES))('%s answers 400 naming the id when it is not one', async (_name, r) => {
    const res = await call(s.admin, r.method, r.url('nope'), r.body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['id']);
  });
});
