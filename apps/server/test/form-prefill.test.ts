import { MESSAGES } from '@skald/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';
import { sendByTus } from './support/tus-upload.ts';

// Spec §2: the upload dialog's values (upload view) and a folder's defaults (folder view) are
// given to every item an upload makes; the upload's win.
let t: TestApp;
let endpoint: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `${address}/api/v1/uploads`;
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#228833' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

interface Setup {
  tt: TestTenant;
  admin: TestUser;
  editor: TestUser;
  folderId: string;
}

const call = (user: TestUser | null, method: 'GET' | 'PUT', url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });
const defaultsUrl = (id: string) => `/api/v1/folders/${id}/form-defaults`;

async function setup(): Promise<Setup> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { permissions: ['item.create'] });
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/forms',
    cookie: admin.cookie,
    body: {
      id: 'news',
      label: 'News',
      active: true,
      fields: [
        { fieldId: 'story', label: 'Story', type: 'Text' },
        {
          fieldId: 'source',
          label: 'Source',
          type: 'Choice',
          alternatives: [
            { value: 'ntb', label: 'NTB' },
            { value: 'own', label: 'Own' },
          ],
        },
        { fieldId: 'desk', label: 'Desk', type: 'Text' },
        { fieldId: 'locked', label: 'Locked', type: 'Text', readOnly: true },
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  const folderId = (await makeFolder(t, tt, 'Inbox')).id;
  return { tt, admin, editor, folderId };
}

const valuesOf = async (user: TestUser, itemId: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/items/${itemId}/metadata`, cookie: user.cookie })).json<{
    values: Record<string, Record<string, unknown>>;
  }>().values;

const uploadsOf = async (tt: TestTenant) =>
  t.services.db.selectFrom('uploads').select('id').where('tenant_id', '=', tt.tenant.id).execute();

describe('the upload view', () => {
  it("gives the upload's values to the item, over its folder's defaults, and says so in its history", async () => {
    const s = await setup();
    const put = await call(s.editor, 'PUT', defaultsUrl(s.folderId), {
      forms: { news: { desk: 'Foreign', source: 'ntb' }, common: { description: 'From the wire' } },
    });
    expect(put.statusCode).toBe(200);
    const sent = await sendByTus(endpoint, s.editor, png, {
      filename: 'flood.png',
      folderId: s.folderId,
      formValues: JSON.stringify({ news: { story: 'Flood in the west', source: 'own' } }),
    });
    expect(sent.status).toBe(204);
    const itemId = sent.itemId ?? '';
    const values = await valuesOf(s.editor, itemId);
    expect(values.news).toEqual({ story: 'Flood in the west', source: 'own', desk: 'Foreign' });
    expect(values.common).toEqual({ title: 'flood', description: 'From the wire' });
    const history = await t.services.itemsService.history(s.tt.root, itemId, { from: 0, itemsPerPage: 20 });
    const changes = history.items.filter((h) => h.action === 'metadataChanged').map((h) => h.details);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ form: 'news', field: 'story', before: null, after: 'Flood in the west' }),
        expect.objectContaining({ form: 'common', field: 'description', after: 'From the wire' }),
      ]),
    );
  });

  it('refuses a bad value at creation, naming the field, before any byte is sent', async () => {
    const s = await setup();
    const cases: [object, string, string][] = [
      [{ news: { source: 'stolen' } }, 'formValues.news.source', MESSAGES.invalidOptionValue],
      [{ news: { locked: 'x' } }, 'formValues.news.locked', 'You may not change this field'],
      [{ news: { nope: 'x' } }, 'formValues.news.nope', 'Unknown field'],
      [{ ghost: { a: 'x' } }, 'formValues.ghost', 'Unknown form'],
      [{ common: { title: 'x' } }, 'formValues.common.title', "An item's title comes from its file's name"],
    ];
    for (const [formValues, field, message] of cases) {
      const sent = await sendByTus(endpoint, s.editor, png, {
        filename: 'a.png',
        folderId: s.folderId,
        formValues: JSON.stringify(formValues),
      });
      expect(sent.status).toBe(400);
      const error = JSON.parse(sent.body) as { error: { details: { field: string; message: string }[] } };
      expect(error.error.details).toEqual([expect.objectContaining({ field, message })]);
    }
    const notJson = await sendByTus(endpoint, s.editor, png, { filename: 'a.png', formValues: '{oops' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toContain('"field":"formValues"');
    expect(await uploadsOf(s.tt)).toEqual([]);
  });
});

describe('the new version view', () => {
  it("sets a new version's values on its item (not its folder's defaults), each change in its history", async () => {
    const s = await setup();
    const versioner = await makeUser(t, s.tt, {
      permissions: ['item.create', 'item.version', 'item.update', 'item.updateMetadata'],
    });
    const first = await sendByTus(endpoint, versioner, png, {
      filename: 'flood.png',
      folderId: s.folderId,
      formValues: JSON.stringify({ news: { story: 'Flood', source: 'ntb' } }),
    });
    const itemId = first.itemId ?? '';
    await call(s.editor, 'PUT', defaultsUrl(s.folderId), { forms: { news: { desk: 'Foreign' } } });
    const version = await sendByTus(endpoint, versioner, png, {
      filename: 'flood-v2.png',
      itemId,
      formValues: JSON.stringify({ news: { source: 'own' }, common: { description: 'Second take' } }),
    });
    expect(version.status).toBe(204);
    expect(version.itemId).toBe(itemId);
    const values = await valuesOf(versioner, itemId);
    expect(values.news).toEqual({ story: 'Flood', source: 'own' });
    expect(values.common).toMatchObject({ description: 'Second take' });
    const history = await t.services.itemsService.history(s.tt.root, itemId, { from: 0, itemsPerPage: 20 });
    const changes = history.items.filter((h) => h.action === 'metadataChanged').map((h) => h.details);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ form: 'news', field: 'source', before: 'ntb', after: 'own' }),
        expect.objectContaining({ form: 'common', field: 'description', before: '', after: 'Second take' }),
      ]),
    );
    // Found by its new value at once.
    const found = await t.call({
      method: 'GET',
      url: '/api/v1/search?searchString=source:own',
      cookie: versioner.cookie,
    });
    expect(found.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([itemId]);
  });

  it('refuses values for a new version from who may add versions but not change metadata', async () => {
    const s = await setup();
    await revokeFromEveryone(t, s.tt, ['item.update', 'item.updateMetadata']);
    const versioner = await makeUser(t, s.tt, { permissions: ['item.create', 'item.version'] });
    const first = await sendByTus(endpoint, versioner, png, { filename: 'a.png', folderId: s.folderId });
    const refused = await sendByTus(endpoint, versioner, png, {
      filename: 'b.png',
      itemId: first.itemId ?? '',
      formValues: JSON.stringify({ news: { source: 'own' } }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('"field":"formValues"');
    const plain = await sendByTus(endpoint, versioner, png, {
      filename: 'b.png',
      itemId: first.itemId ?? '',
    });
    expect(plain.status).toBe(204);
  });
});

describe('folder default values', () => {
  it('are read and replaced by who may put items into the folder; an empty value clears one', async () => {
    const s = await setup();
    expect((await call(s.editor, 'GET', defaultsUrl(s.folderId))).json()).toEqual({
      folderId: s.folderId,
      forms: {},
    });
    await call(s.editor, 'PUT', defaultsUrl(s.folderId), { forms: { news: { desk: 'Sport', story: 'x' } } });
    const res = await call(s.editor, 'PUT', defaultsUrl(s.folderId), {
      forms: { news: { desk: 'Sport', story: '' } },
    });
    expect(res.json()).toEqual({ folderId: s.folderId, forms: { news: { desk: 'Sport' } } });
    expect((await call(s.editor, 'GET', defaultsUrl(s.folderId))).json()).toMatchObject({
      forms: { news: { desk: 'Sport' } },
    });
  });

  it('answer 401 without a session', async () => {
    const s = await setup();
    expect((await call(null, 'GET', defaultsUrl(s.folderId))).statusCode).toBe(401);
    expect((await call(null, 'PUT', defaultsUrl(s.folderId), { forms: {} })).statusCode).toBe(401);
  });

  it("answer 404 for another tenant's folder", async () => {
    const s = await setup();
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await call(stranger, 'GET', defaultsUrl(s.folderId))).statusCode).toBe(404);
    const put = await call(stranger, 'PUT', defaultsUrl(s.folderId), { forms: { news: { desk: 'x' } } });
    expect(put.statusCode).toBe(404);
    expect((await call(s.editor, 'GET', defaultsUrl(s.folderId))).json()).toMatchObject({ forms: {} });
  });

  it('answer 403 to who may see the folder but not put items into it', async () => {
    const s = await setup();
    const locked = await makeFolder(t, s.tt, 'Archive', {
      updatableBy: { level: 'owner', groups: [] },
    });
    expect((await call(s.editor, 'GET', defaultsUrl(locked.id))).statusCode).toBe(200);
    const put = await call(s.editor, 'PUT', defaultsUrl(locked.id), { forms: { news: { desk: 'x' } } });
    expect(put.statusCode).toBe(403);
  });

  it('answer 400 naming the field', async () => {
    const s = await setup();
    const bad = await call(s.editor, 'PUT', defaultsUrl(s.folderId), {
      forms: { news: { source: 'stolen' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['forms.news.source']);
    expect(errorOf(bad).message).toBe(MESSAGES.invalidOptionValue);
    const shape = await call(s.editor, 'PUT', defaultsUrl(s.folderId), { forms: { news: 'x' } });
    expect(shape.statusCode).toBe(400);
    expect(fieldsOf(shape)).toEqual(['forms.news']);
    expect((await call(s.editor, 'GET', defaultsUrl('nope'))).statusCode).toBe(400);
  });
});
