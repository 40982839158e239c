import type { HistoryEntry } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { ShareDetailDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface SharedMetadata {
  forms: { id: string; fields: { fieldId: string; writable: boolean }[] }[];
  values: Record<string, Record<string, unknown>>;
}

/** A News form (one field only the desk may write), an item with values, a second item not shared. */
async function setup() {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { permissions: ['share.shareMedia'] });
  const desk = await t.services.groupsService.create(tt.root, { name: 'Desk', permissions: [] });
  const form = await t.call({
    method: 'POST',
    url: '/api/v1/forms',
    cookie: admin.cookie,
    body: {
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
        { fieldId: 'rights', label: 'Rights', type: 'Text', userCanWrite: [desk.id] },
      ],
    },
  });
  expect(form.statusCode).toBe(201);
  const item = await makeItem(t, tt, { ownerId: editor.id, title: 'Harbour' });
  const other = await makeItem(t, tt, { ownerId: editor.id, title: 'Not shared' });
  await t.call({
    method: 'PATCH',
    url: `/api/v1/items/${item}/metadata`,
    cookie: admin.cookie,
    body: { forms: { news: { story: 'Ferry late', rights: 'NTB only' } } },
  });
  return { admin, editor, item, other };
}

async function open(
  editor: TestUser,
  itemIds: string[],
  o: { allowMetadata?: boolean; allowEditMetadata?: boolean },
) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/shares',
    cookie: editor.cookie,
    body: {
      title: 'Rushes',
      itemIds,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 5,
      ...o,
    },
  });
  expect(res.statusCode).toBe(201);
  const share = res.json<ShareDetailDto>();
  const token = share.link.slice(share.link.lastIndexOf('/') + 1);
  const page = await t.call({ method: 'GET', url: `/api/v1/public/shares/${token}` });
  const cookie = `skald_share_visitor=${page.cookies.find((c) => c.name === 'skald_share_visitor')?.value ?? ''}`;
  const url = (itemId: string) => `/api/v1/public/shares/${token}/items/${itemId}/metadata`;
  return {
    share,
    url,
    get: (itemId: string) => t.call({ method: 'GET', url: url(itemId), cookie }),
    patch: (itemId: string, forms: object) =>
      t.call({ method: 'PATCH', url: url(itemId), cookie, body: { forms } }),
  };
}

describe('editing metadata through a share', () => {
  it("lets the recipient edit the share view's writable fields, recorded in the history as by the share", async () => {
    const { admin, editor, item } = await setup();
    const visit = await open(editor, [item], { allowEditMetadata: true });
    const view = (await visit.get(item)).json<SharedMetadata>();
    const news = view.forms.find((f) => f.id === 'news');
    expect(news?.fields.map((f) => [f.fieldId, f.writable])).toEqual([
      ['story', true],
      ['source', true],
      ['rights', false],
    ]);
    expect(view.values.news).toEqual({ story: 'Ferry late', rights: 'NTB only' });

    const edited = await visit.patch(item, { news: { story: 'Ferry two hours late', source: 'own' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<SharedMetadata>().values.news).toEqual({
      story: 'Ferry two hours late',
      source: 'own',
      rights: 'NTB only',
    });
    const history = await t.call({
      method: 'GET',
      url: `/api/v1/items/${item}/history`,
      cookie: admin.cookie,
    });
    const entry = history
      .json<Page<HistoryEntry>>()
      .items.find((h) => h.details.field === 'story' && h.actor === null);
    expect(entry?.details).toMatchObject({
      before: 'Ferry late',
      after: 'Ferry two hours late',
      share: { id: visit.share.id, title: 'Rushes' },
    });
  });

  it('refuses fields the recipient may not write (403), bad values naming the field (400), items outside the share (404)', async () => {
    const { editor, item, other } = await setup();
    const visit = await open(editor, [item], { allowEditMetadata: true });
    const rights = await visit.patch(item, { news: { rights: 'Free' } });
    expect(rights.statusCode).toBe(403);
    expect(fieldsOf(rights)).toEqual(['forms.news.rights']);
    const bad = await visit.patch(item, { news: { source: 'bogus' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['forms.news.source']);
    const cleared = await visit.patch(item, { news: { story: null } });
    expect(cleared.statusCode).toBe(400);
    expect(fieldsOf(cleared)).toEqual(['forms.news.story']);
    expect((await visit.patch(other, { news: { story: 'x' } })).statusCode).toBe(404);
    expect((await visit.get(other)).statusCode).toBe(404);
  });

  it('shows without editing when the share allows viewing only (403 on a change), nothing without either (403), 401 before opening', async () => {
    const { editor, item } = await setup();
    const viewing = await open(editor, [item], { allowMetadata: true });
    const seen = (await viewing.get(item)).json<SharedMetadata>();
    expect(seen.forms.flatMap((f) => f.fields).some((f) => f.writable)).toBe(false);
    expect((await viewing.patch(item, { news: { story: 'x' } })).statusCode).toBe(403);
    const closed = await open(editor, [item], {});
    expect((await closed.get(item)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: closed.url(item) })).statusCode).toBe(401);
    expect((await t.call({ method: 'PATCH', url: closed.url(item), body: { forms: {} } })).statusCode).toBe(
      401,
    );
  });
});
