import { MESSAGES } from '@skald/domain';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_UPLOADS_PATH } from '../src/modules/shares/share-links.routes.ts';
import type { SharedEventShare, ShareEvents } from '../src/modules/shares/shared-media.ts';
import type { RequestTaskDto } from '../src/modules/shares/request-tasks.service.ts';
import type { ShareDetailDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, revokeFromEveryone } from './support/items.ts';

let t: TestApp;
let origin: string;
let png: Buffer;
const arrived: { share: SharedEventShare; itemId: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // The notifications service's place: what a file arriving tells the request's owner.
  const events: ShareEvents = {
    opened: () => undefined,
    fileArrived: (share, itemId) => arrived.push({ share, itemId }),
  };
  t.services.shareLinksService.setEvents(events);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

const routeOf = (url: string) =>
  new URL(url, origin).pathname === SHARE_UPLOADS_PATH
    ? SHARE_UPLOADS_PATH
    : `${SHARE_UPLOADS_PATH}/:uploadId`;

const tokenOf = (s: ShareDetailDto) => s.link.slice(s.link.lastIndexOf('/') + 1);

/** A browser without an account: the visitor cookie of the request's page, then the upload with the real tus client. */
async function visitorUpload(token: string, filename: string, password?: string, formValues?: object) {
  const page = await fetch(`${origin}/api/v1/public/shares/${token}`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (password !== undefined) {
    await fetch(`${origin}/api/v1/public/shares/${token}/unlock`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
  }
  return { page: page.status, cookie, ...(await send(token, cookie, filename, formValues)) };
}

function send(
  token: string,
  cookie: string,
  filename: string,
  formValues?: object,
): Promise<{ status: number; itemId: string | null; body: string }> {
  return new Promise((resolve) => {
    new tus.Upload(png, {
      endpoint: `${origin}${SHARE_UPLOADS_PATH}`,
      retryDelays: null,
      headers: { cookie, 'skald-share-token': token },
      metadata: { filename, ...(formValues ? { formValues: JSON.stringify(formValues) } : {}) },
      onAfterResponse: (req, res) => {
        const contentType = res.getHeader('content-type');
        t.contract.check({
          method: req.getMethod(),
          route: routeOf(req.getURL()),
          status: res.getStatus(),
          headers: contentType ? { 'content-type': contentType } : {},
          body: res.getBody(),
        });
      },
      onSuccess: (payload) => {
        resolve({ status: 204, itemId: payload.lastResponse.getHeader('Skald-Item-Id') ?? null, body: '' });
      },
      onError: (err) => {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus() ?? 0, itemId: null, body: res?.getBody() ?? '' });
      },
    }).start();
  });
}

async function request(tt: TestTenant, owner: TestUser, body: object): Promise<ShareDetailDto> {
  const folder = await makeFolder(t, tt, `Freelancers ${Math.random().toString(36).slice(2)}`);
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/shares',
    cookie: owner.cookie,
    body: {
      kind: 'uploadRequest',
      title: 'Send us your footage',
      folderId: folder.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 2,
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<ShareDetailDto>();
}

describe('upload requests', () => {
  it('takes files from people without an account into the folder, as many as it allows', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload'], name: 'Olav Owner' });
    const req = await request(tt, owner, {});
    expect(req).toMatchObject({ kind: 'uploadRequest', download: null, used: 0 });

    const first = await visitorUpload(tokenOf(req), 'harbour.png');
    expect(first.page).toBe(200);
    expect(first.status).toBe(204);
    const item = await t.services.itemsRepository.byId(tt.tenant.id, first.itemId ?? '');
    expect(item).toMatchObject({ folder_id: req.folderId, owner_id: owner.id, title: 'harbour' });
    expect(arrived.find((a) => a.itemId === first.itemId)?.share).toMatchObject({
      ownerId: owner.id,
      shareId: req.id,
    });

    expect((await visitorUpload(tokenOf(req), 'bridge.png')).status).toBe(204);
    // Two files allowed, two arrived: the link is over.
    const third = await visitorUpload(tokenOf(req), 'third.png');
    expect(third.page).toBe(404);
    expect(third.status).toBe(404);
  });

  it("is its owner's task: Pending, In progress as files arrive, Done when all did, Error after a failed upload", async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload'] });
    const tasks = async (status?: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/v1/tasks/requests${status ? `?status=${status}` : ''}`,
        cookie: owner.cookie,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: RequestTaskDto[]; counts: Record<string, number> }>();
    };
    const req = await request(tt, owner, {});
    expect((await tasks()).items).toEqual([
      expect.objectContaining({ id: req.id, status: 'pending', received: 0, maxUses: 2 }),
    ]);
    await visitorUpload(tokenOf(req), 'harbour.png');
    expect((await tasks()).items[0]).toMatchObject({ status: 'inProgress', received: 1 });
    await visitorUpload(tokenOf(req), 'bridge.png');
    const done = await tasks('done');
    expect(done.items.map((r) => [r.id, r.status, r.received])).toEqual([[req.id, 'done', 2]]);
    expect((await tasks('pending')).items).toEqual([]);

    // An upload through another request fails (as the finisher marks a file it could not take).
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/shares',
      cookie: owner.cookie,
      body: {
        kind: 'uploadRequest',
        title: 'More',
        folderId: req.folderId,
        expiresAt: req.expiresAt,
        maxUses: 2,
      },
    });
    const other = created.json<ShareDetailDto>();
    const sent = await visitorUpload(tokenOf(other), 'broken.png');
    const uploads = await t.services.uploadsRepository.ofUser(tt.tenant.id, owner.id, {
      from: 0,
      itemsPerPage: 10,
    });
    const upload = uploads.items.find((u) => u.item_id === sent.itemId);
    await t.services.uploadsRepository.update(tt.tenant.id, upload?.id ?? '', { state: 'failed' });
    const all = await tasks();
    expect(all.items.map((r) => [r.id, r.status])).toEqual([
      [other.id, 'error'],
      [req.id, 'done'],
    ]);
    expect(all.counts).toEqual({ pending: 0, queued: 0, inProgress: 0, done: 1, cancelled: 0, error: 1 });
  });

  it('needs its password, and refuses a revoked link and a share link', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload', 'share.shareMedia'] });
    const req = await request(tt, owner, { password: 'let me in' });
    const page = await fetch(`${origin}/api/v1/public/shares/${tokenOf(req)}`);
    expect(await page.json()).toMatchObject({ kind: 'uploadRequest', locked: true });
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await send(tokenOf(req), cookie, 'a.png')).status).toBe(401);
    expect((await visitorUpload(tokenOf(req), 'b.png', 'let me in')).status).toBe(204);

    await t.call({ method: 'DELETE', url: `/api/v1/shares/${req.id}`, cookie: owner.cookie });
    expect((await visitorUpload(tokenOf(req), 'c.png', 'let me in')).status).toBe(404);
    expect((await send('x'.repeat(43), cookie, 'd.png')).status).toBe(404);
  });

  it('stops when its owner may no longer request uploads', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload'] });
    const req = await request(tt, owner, {});
    // item.update (default true, from the organisation group) implies share.requestUpload as well.
    await revokeFromEveryone(t, tt, ['item.update']);
    await t.services.usersService.update(tt.root, owner.id, { permissions: [] });
    expect((await visitorUpload(tokenOf(req), 'a.png')).status).toBe(404);
  });

  it('needs share.requestUpload and a folder the requester may write', async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['item.update']);
    const viewer = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Locked', { updatableBy: { level: 'owner', groups: [] } });
    const body = {
      kind: 'uploadRequest',
      title: 'X',
      folderId: folder.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 1,
    };
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/shares', cookie: viewer.cookie, body })).statusCode,
    ).toBe(403);
    const uploader = await makeUser(t, tt, { permissions: ['item.create', 'item.upload'] });
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/shares', cookie: uploader.cookie, body })).statusCode,
    ).toBe(403);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/shares',
      cookie: uploader.cookie,
      body: { ...body, folderId: undefined },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("an upload request's upload view", () => {
  /** A form with a required field, a choice, one only a group may write and one the upload view hides. */
  async function withForm(tt: TestTenant) {
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const desk = await t.services.groupsService.create(tt.root, { name: 'Desk', permissions: [] });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/forms',
      cookie: admin.cookie,
      body: {
        id: 'freelance',
        label: 'Freelance',
        active: true,
        fields: [
          { fieldId: 'photographer', label: 'Photographer', type: 'Text', required: true },
          {
            fieldId: 'place',
            label: 'Place',
            type: 'Choice',
            alternatives: [
              { value: 'oslo', label: 'Oslo' },
              { value: 'bergen', label: 'Bergen' },
            ],
          },
          { fieldId: 'rights', label: 'Rights', type: 'Text', userCanWrite: [desk.id] },
          { fieldId: 'notes', label: 'Notes', type: 'Text' },
        ],
        views: { upload: { notes: { visible: false, label: null, defaultValue: null } } },
      },
    });
    expect(res.statusCode).toBe(201);
    return { admin, desk };
  }

  const viewOf = (token: string, cookie = '') =>
    t.call({ method: 'GET', url: `/api/v1/public/shares/${token}/upload-view`, headers: { cookie } });

  it('answers the forms and fields a guest may fill, and only for a working link (404), once unlocked (401)', async () => {
    const tt = await makeTenant(t);
    const { desk } = await withForm(tt);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload', 'share.shareMedia'] });
    const req = await request(tt, owner, {});
    const res = await viewOf(tokenOf(req));
    expect(res.statusCode).toBe(200);
    const view = res.json<{ forms: { id: string; fields: { fieldId: string }[] }[] }>();
    const form = view.forms.find((f) => f.id === 'freelance');
    expect(form?.fields.map((f) => f.fieldId)).toEqual(['photographer', 'place']);
    expect(JSON.stringify(view)).not.toContain(desk.id);

    expect((await viewOf('x'.repeat(43))).statusCode).toBe(404);
    // With a password: 401 until it is given.
    const locked = await request(tt, owner, { password: 'let me in' });
    expect((await viewOf(tokenOf(locked))).statusCode).toBe(401);
    await t.call({ method: 'DELETE', url: `/api/v1/shares/${req.id}`, cookie: owner.cookie });
    expect((await viewOf(tokenOf(req))).statusCode).toBe(404);
  });

  it("refuses a file without a required value or with a bad one (naming the field, taking none of the link's files), and writes good ones with the item, in the link's name", async () => {
    const tt = await makeTenant(t);
    const { admin } = await withForm(tt);
    const owner = await makeUser(t, tt, { permissions: ['item.create', 'item.upload'] });
    const req = await request(tt, owner, { maxUses: 1 });

    const missing = await visitorUpload(tokenOf(req), 'a.png');
    expect(missing.status).toBe(400);
    const fieldsIn = (body: string) =>
      (JSON.parse(body) as { error: { details: { field: string; message: string }[] } }).error.details;
    expect(fieldsIn(missing.body)).toContainEqual({
      field: 'formValues.freelance.photographer',
      message: MESSAGES.valueRequired,
      messageId: 'valueRequired',
      params: {},
    });
    const bad = await visitorUpload(tokenOf(req), 'b.png', undefined, {
      freelance: { photographer: 'Kari', place: 'paris', rights: 'all' },
    });
    expect(bad.status).toBe(400);
    expect(fieldsIn(bad.body).map((d) => [d.field, d.message])).toEqual([
      ['formValues.freelance.place', MESSAGES.invalidOptionValue],
      ['formValues.freelance.rights', 'Unknown field'],
    ]);
    expect(
      (
        await visitorUpload(tokenOf(req), 'c.png', undefined, {
          secret: { x: 'y' },
          freelance: { photographer: 'K' },
        })
      ).status,
    ).toBe(400);

    const good = await visitorUpload(tokenOf(req), 'harbour.png', undefined, {
      freelance: { photographer: 'Kari Nordmann', place: 'bergen' },
    });
    expect(good.status).toBe(204);
    const metadata = await t.call({
      method: 'GET',
      url: `/api/v1/items/${good.itemId ?? ''}/metadata`,
      cookie: admin.cookie,
    });
    expect(metadata.json<{ values: Record<string, unknown> }>().values.freelance).toEqual({
      photographer: 'Kari Nordmann',
      place: 'bergen',
    });
    const history = await t.services.db
      .selectFrom('item_history')
      .select(['actor_id', 'action', 'details'])
      .where('tenant_id', '=', tt.tenant.id)
      .where('item_id', '=', good.itemId ?? '')
      .where('action', '=', 'metadataChanged')
      .execute();
    expect(history.map((h) => [h.actor_id, JSON.parse(h.details) as unknown])).toEqual(
      expect.arrayContaining([
        [
          null,
          {
            form: 'freelance',
            field: 'photographer',
            before: null,
            after: 'Kari Nordmann',
            share: { id: req.id, title: 'Send us your footage' },
          },
        ],
      ]),
    );
  });
});
