import { MESSAGES, type Permission } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { renditionKey } from '../src/modules/items/renditions.ts';
import type { SharePageDto } from '../src/modules/shares/share-links.service.ts';
import type { ShareDetailDto, ShareDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeFolder, makeItem } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';
import { mailText, startSmtpServer, waitFor } from './support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SHARES: Permission[] = ['share.shareMedia'];
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg-00001.ts\n#EXT-X-ENDLIST\n';

/** A clip as the pipeline leaves it: original, HLS playlist and segment, proxy. */
async function makeClip(tt: TestTenant, ownerId: string, title: string, folderId?: string): Promise<string> {
  const id = await makeItem(t, tt, { ownerId, title, ...(folderId ? { folderId } : {}) });
  const files = ['hls/index.m3u8', 'hls/seg-00001.ts', 'proxy.mp4'];
  const versionId = await addVersion(t, tt, id, {
    original: Buffer.from(`original of ${title}`),
    filename: `${title}.mov`,
    processed: {
      itemType: 'video',
      technical: { durationSeconds: 4, frameRate: { numerator: 25, denominator: 1 } },
      renditions: { files, proxy: 'proxy.mp4', hlsPlaylist: 'hls/index.m3u8' },
    },
  });
  await t.services.blobs.put(
    renditionKey(tt.tenant.id, id, versionId, 'hls/index.m3u8'),
    Buffer.from(PLAYLIST),
  );
  await t.services.blobs.put(
    renditionKey(tt.tenant.id, id, versionId, 'hls/seg-00001.ts'),
    Buffer.from('segment'),
  );
  await t.services.blobs.put(
    renditionKey(tt.tenant.id, id, versionId, 'proxy.mp4'),
    Buffer.from(`proxy of ${title}`),
  );
  return id;
}

const call = (user: TestUser | undefined, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });

async function share(user: TestUser, body: object): Promise<ShareDetailDto> {
  const res = await call(user, 'POST', '/api/v1/shares', {
    title: 'Rushes',
    expiresAt: tomorrow(),
    maxUses: 2,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
  return res.json<ShareDetailDto>();
}

const tokenOf = (s: ShareDto) => s.link.slice(s.link.lastIndexOf('/') + 1);

/** A browser without an account: keeps the visitor cookie the share pages give it. */
function visitor(address = '127.0.0.1') {
  let cookie: string | undefined;
  const visit = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await t.call({
      method,
      url,
      remoteAddress: address,
      ...(cookie ? { cookie } : {}),
      ...(body ? { body } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'skald_share_visitor');
    if (set) cookie = `skald_share_visitor=${set.value}`;
    return res;
  };
  return { visit };
}

async function setup() {
  const tt = await makeTenant(t);
  const editor = await makeUser(t, tt, { permissions: SHARES, name: 'Eva Editor' });
  const clip = await makeClip(tt, editor.id, 'Harbour');
  const still = await makeClip(tt, editor.id, 'Bridge');
  const other = await makeClip(tt, editor.id, 'Not shared');
  return { tt, editor, clip, still, other };
}

describe('sharing items', () => {
  it('shares two items with a password, expiry and 2 views; mails the link with the message', async () => {
    const { editor, clip, still } = await setup();
    const to = `partner-${Date.now()}@example.test`;
    const created = await share(editor, {
      itemIds: [clip, still],
      password: 'open sesame',
      download: 'proxy',
      emails: [to],
      message: 'Footage from the harbour',
    });
    expect(created).toMatchObject({
      kind: 'share',
      title: 'Rushes',
      passwordProtected: true,
      maxUses: 2,
      used: 0,
      state: 'active',
      download: 'proxy',
      itemCount: 2,
      itemIds: [clip, still],
      owner: { id: editor.id, name: 'Eva Editor' },
      emails: [{ address: to, message: 'Footage from the harbour' }],
    });
    expect(tokenOf(created).length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(to)));
    expect(mail.raw).toContain('Footage from the harbour');
    expect(mail.raw).toContain(`/share/${tokenOf(created)}`);
    // Stored hashed (and sealed for its owner's copy of the link): the token itself is nowhere in the row.
    const row = await t.services.sharesRepository.byTokenHash(sha256(tokenOf(created)));
    expect(row?.id).toBe(created.id);
    expect(JSON.stringify(row)).not.toContain(tokenOf(created));
  });

  it("mails in the language chosen, else in the sender's own", async () => {
    const { tt, editor, clip } = await setup();
    await t.services.usersRepository.update(tt.tenant.id, editor.id, { language: 'nn' });
    const [fr, nn] = [`fr-${Date.now()}@example.test`, `nn-${Date.now()}@example.test`];
    await share(editor, { itemIds: [clip], emails: [fr], message: 'Voici', language: 'fr' });
    await share(editor, { itemIds: [clip], emails: [nn], message: 'Sjå her' });
    const french = mailText(await waitFor(() => smtp.mails.find((m) => m.to.includes(fr))));
    expect(french).toContain('Eva Editor a partagé des médias avec vous : Rushes');
    expect(french).toContain("Le lien fonctionne jusqu'au");
    const nynorsk = mailText(await waitFor(() => smtp.mails.find((m) => m.to.includes(nn))));
    expect(nynorsk).toContain('Eva Editor har delt media med deg: Rushes');
    expect(nynorsk).toContain('Lenkja verkar til');
    const bad = await call(editor, 'POST', '/api/v1/shares', {
      title: 'X',
      expiresAt: tomorrow(),
      maxUses: 2,
      itemIds: [clip],
      language: 'de',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['language']);
  });

  it.each([
    [{ password: 'short' }, 'password', MESSAGES.sharePasswordRequired],
    [{ message: 'Hi' }, 'message', MESSAGES.shareEmailsForCustomMessage],
    [{ emails: ['nobody'] }, 'emails', MESSAGES.invalidEmail],
    [{ maxUses: 101 }, 'maxUses', 'Views must be between 1 and 100'],
    [
      { expiresAt: new Date(Date.now() + 31 * 24 * 3600_000).toISOString() },
      'expiresAt',
      'The expiry date may be at most 30 days away',
    ],
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', MESSAGES.selectFutureDate],
    [{ itemIds: [] }, 'itemIds', 'Share one or more items, or a folder'],
  ])('refuses %o naming the field', async (patch, field, message) => {
    const { editor, clip } = await setup();
    const res = await call(editor, 'POST', '/api/v1/shares', {
      title: 'X',
      expiresAt: tomorrow(),
      maxUses: 2,
      itemIds: [clip],
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect(errorOf(res).message).toBe(message);
  });

  it("limits expiry and views by the tenant's settings, §9's defaults where unset", async () => {
    const { tt, editor, clip } = await setup();
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    expect((await call(editor, 'GET', '/api/v1/shares/limits')).json()).toEqual({
      maxValidDays: 30,
      maxViews: 100,
    });
    const set = await call(admin, 'PUT', '/api/v1/shares/limits', { maxValidDays: 2, maxViews: 3 });
    expect(set.json()).toEqual({ maxValidDays: 2, maxViews: 3 });
    const res = await call(editor, 'POST', '/api/v1/shares', {
      title: 'X',
      itemIds: [clip],
      maxUses: 4,
      expiresAt: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
    });
    expect(fieldsOf(res)).toEqual(['expiresAt', 'maxUses']);
    expect(
      (await call(editor, 'PUT', '/api/v1/shares/limits', { maxValidDays: 9, maxViews: 9 })).statusCode,
    ).toBe(403);
  });

  it("shares a folder's items as they are, and refuses items the sharer cannot see", async () => {
    const { tt, editor } = await setup();
    const folder = await makeFolder(t, tt, 'Desk');
    const a = await makeClip(tt, editor.id, 'A', folder.id);
    const created = await share(editor, { folderId: folder.id });
    expect(created).toMatchObject({ folderId: folder.id, itemIds: [a] });
    const hidden = await makeItem(t, tt, {
      ownerId: tt.root.user.id,
      visibleTo: { level: 'owner', groups: [] },
    });
    expect(
      (
        await call(editor, 'POST', '/api/v1/shares', {
          title: 'X',
          expiresAt: tomorrow(),
          maxUses: 1,
          itemIds: [hidden],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the public share page', () => {
  it('locks until the password, counts two visitors and refuses a third; plays and downloads shared items only', async () => {
    const { editor, clip, still, other } = await setup();
    const s = await share(editor, { itemIds: [clip, still], password: 'open sesame', download: 'proxy' });
    const base = `/api/v1/public/shares/${tokenOf(s)}`;
    const first = visitor();
    const locked = await first.visit('GET', base);
    expect(locked.statusCode).toBe(200);
    expect(locked.json<SharePageDto>()).toMatchObject({ locked: true, title: null, items: [] });
    expect((await first.visit('GET', `${base}/items/${clip}/media/hls/index.m3u8`)).statusCode).toBe(401);
    expect((await first.visit('POST', `${base}/unlock`, { password: 'wrong one' })).statusCode).toBe(403);
    expect((await first.visit('POST', `${base}/unlock`, { password: 'open sesame' })).statusCode).toBe(204);
    const page = (await first.visit('GET', base)).json<SharePageDto>();
    expect(page).toMatchObject({
      locked: false,
      title: 'Rushes',
      senderName: 'Eva Editor',
      download: 'proxy',
    });
    expect(page.items.map((i) => i.title)).toEqual(['Harbour', 'Bridge']);
    expect(page.mediaBase).toBe(`${base}/items/`);
    expect(`${page.mediaBase ?? ''}${page.items[0]?.playback?.hlsUrl ?? ''}`).toBe(
      `${base}/items/${clip}/media/hls/index.m3u8`,
    );
    expect(page.items[0]?.available).toEqual({ proxy: true, original: true });
    // Nothing that names the tenant, its users (but the sender) or its folders.
    expect(JSON.stringify(page)).not.toMatch(/tenant|folder|owner|editor@|ownerId/i);

    const playlist = await first.visit('GET', `${base}/items/${clip}/media/hls/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('seg-00001.ts');
    expect((await first.visit('GET', `${base}/items/${clip}/media/hls/seg-00001.ts`)).body).toBe('segment');
    expect((await first.visit('GET', `${base}/items/${other}/media/hls/index.m3u8`)).statusCode).toBe(404);
    const proxy = await first.visit('GET', `${base}/items/${clip}/download?quality=proxy`);
    expect(proxy.statusCode).toBe(200);
    expect(proxy.body).toBe('proxy of Harbour');
    expect(proxy.headers['content-disposition']).toContain('Harbour-proxy.mp4');
    expect((await first.visit('GET', `${base}/items/${clip}/download?quality=original`)).statusCode).toBe(
      403,
    );

    const second = visitor();
    await second.visit('POST', `${base}/unlock`, { password: 'open sesame' });
    expect((await second.visit('GET', base)).json<SharePageDto>().locked).toBe(false);
    // The first comes back: still one view.
    expect((await first.visit('GET', base)).statusCode).toBe(200);
    const third = visitor();
    expect((await third.visit('GET', base)).statusCode).toBe(404);
    expect((await third.visit('POST', `${base}/unlock`, { password: 'open sesame' })).statusCode).toBe(204);
    expect((await third.visit('GET', base)).statusCode).toBe(404);
    const mine = (await call(editor, 'GET', '/api/v1/shares')).json<Page<ShareDto>>();
    expect(mine.items[0]).toMatchObject({ used: 2, state: 'viewsUsed' });
  });

  it('answers 404 alike for a wrong, expired and revoked link', async () => {
    const { tt, editor, clip } = await setup();
    const expired = await share(editor, { itemIds: [clip] });
    await t.services.sharesRepository.update(tt.tenant.id, expired.id, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    const revoked = await share(editor, { itemIds: [clip] });
    expect((await call(editor, 'DELETE', `/api/v1/shares/${revoked.id}`)).statusCode).toBe(204);
    const bodies = [];
    for (const token of ['x'.repeat(43), tokenOf(expired), tokenOf(revoked)]) {
      const res = await visitor().visit('GET', `/api/v1/public/shares/${token}`);
      expect(res.statusCode).toBe(404);
      bodies.push(errorOf(res));
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await call(editor, 'GET', `/api/v1/shares/${revoked.id}`)).json<ShareDto>().state).toBe(
      'revoked',
    );
  });

  it('limits wrong passwords per share, from whatever address', async () => {
    const { editor, clip } = await setup();
    const s = await share(editor, { itemIds: [clip], password: 'open sesame' });
    const url = `/api/v1/public/shares/${tokenOf(s)}/unlock`;
    for (let i = 0; i < 10; i++) {
      expect(
        (await visitor(`10.9.0.${i + 1}`).visit('POST', url, { password: 'nope nope' })).statusCode,
      ).toBe(403);
    }
    const res = await visitor('10.9.1.1').visit('POST', url, { password: 'open sesame' });
    expect(res.statusCode).toBe(429);
  });

  it('serves without downloads when the share allows none, and lists metadata only when allowed', async () => {
    const { editor, clip } = await setup();
    const s = await share(editor, { itemIds: [clip], allowMetadata: true });
    const v = visitor();
    const page = (await v.visit('GET', `/api/v1/public/shares/${tokenOf(s)}`)).json<SharePageDto>();
    expect(page.items[0]).toMatchObject({ available: null, metadata: { filename: 'Harbour.mov' } });
    expect(
      (await v.visit('GET', `/api/v1/public/shares/${tokenOf(s)}/items/${clip}/download?quality=proxy`))
        .statusCode,
    ).toBe(403);
  });
});

describe('My shares', () => {
  it("lists the caller's own, or those holding an item; administrators see every share of the tenant", async () => {
    const { tt, editor, clip, still } = await setup();
    const colleague = await makeUser(t, tt, { permissions: SHARES });
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const mine = await share(editor, { itemIds: [clip] });
    await share(colleague, { itemIds: [clip], title: 'Theirs' });
    expect(
      (await call(editor, 'GET', '/api/v1/shares')).json<Page<ShareDto>>().items.map((s) => s.id),
    ).toEqual([mine.id]);
    expect((await call(editor, 'GET', '/api/v1/shares?scope=all')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/v1/shares?scope=all')).json<Page<ShareDto>>().total).toBe(2);
    expect((await call(admin, 'PATCH', `/api/v1/shares/${mine.id}`, { maxUses: 5 })).statusCode).toBe(403);
    await share(editor, { itemIds: [still] });
    const ofClip = await call(editor, 'GET', `/api/v1/shares?itemId=${clip}`);
    expect(ofClip.json<Page<ShareDto>>().items.map((s) => s.id)).toEqual([mine.id]);
  });

  it('extends within the limits, changes the password and mails more addresses, keeping the history', async () => {
    const { editor, clip } = await setup();
    const s = await share(editor, { itemIds: [clip], password: 'open sesame' });
    const to = `late-${Date.now()}@example.test`;
    const res = await call(editor, 'PATCH', `/api/v1/shares/${s.id}`, {
      maxUses: 10,
      expiresAt: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
      emails: [to],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ShareDetailDto>()).toMatchObject({
      maxUses: 10,
      passwordProtected: true,
      emails: [{ address: to }],
    });
    await waitFor(() => smtp.mails.find((m) => m.to.includes(to)));
    const off = await call(editor, 'PATCH', `/api/v1/shares/${s.id}`, { password: null });
    expect(off.json<ShareDto>().passwordProtected).toBe(false);
    const tooLong = await call(editor, 'PATCH', `/api/v1/shares/${s.id}`, { maxUses: 1000 });
    expect(fieldsOf(tooLong)).toEqual(['maxUses']);
  });
});

describe('every signed-in share route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/shares', method: 'GET', url: () => '/api/v1/shares?scope=all' },
    { route: 'GET /api/v1/shares/limits', method: 'GET', url: () => '/api/v1/shares/limits' },
    {
      route: 'PUT /api/v1/shares/limits',
      method: 'PUT',
      url: () => '/api/v1/shares/limits',
      body: { maxValidDays: 3, maxViews: 3 },
    },
    { route: 'POST /api/v1/shares', method: 'POST', url: () => '/api/v1/shares' },
    { route: 'GET /api/v1/shares/:id', method: 'GET', url: (id) => `/api/v1/shares/${id}` },
    {
      route: 'PATCH /api/v1/shares/:id',
      method: 'PATCH',
      url: (id) => `/api/v1/shares/${id}`,
      body: { maxUses: 3 },
    },
    { route: 'DELETE /api/v1/shares/:id', method: 'DELETE', url: (id) => `/api/v1/shares/${id}` },
  ];
  const create: RouteCase = { route: 'POST /api/v1/shares', method: 'POST', url: () => '/api/v1/shares' };
  let ctx: Awaited<ReturnType<typeof setup>>;
  let s: ShareDetailDto;
  const bodyFor = (r: RouteCase) =>
    r.route === 'POST /api/v1/shares'
      ? { title: 'X', expiresAt: tomorrow(), maxUses: 1, itemIds: [ctx.clip] }
      : r.body;
  beforeAll(async () => {
    ctx = await setup();
    s = await share(ctx.editor, { itemIds: [ctx.clip] });
  });

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    expect((await call(undefined, r.method, r.url(s.id), bodyFor(r))).statusCode).toBe(401);
  });

  it.each(routeCases(ROUTES.filter((r) => r.url('x').includes('/x'))))(
    '%s answers 404 for another tenant’s share',
    async (_name, r) => {
      const stranger = await makeUser(t, await makeTenant(t), { permissions: SHARES, roles: ['admin'] });
      expect((await call(stranger, r.method, r.url(s.id), bodyFor(r))).statusCode).toBe(404);
    },
  );

  it('POST answers 404 for another tenant’s item', async () => {
    const stranger = await makeUser(t, await makeTenant(t), { permissions: SHARES });
    expect((await call(stranger, 'POST', '/api/v1/shares', bodyFor(create))).statusCode).toBe(404);
  });

  it.each(routeCases(ROUTES.filter((r) => r.route !== 'GET /api/v1/shares/limits')))(
    '%s answers 403 without the right',
    async (_name, r) => {
      // In the tenant, without share.shareMedia, not the owner, not an administrator.
      const bystander = await makeUser(t, ctx.tt);
      const res = await call(bystander, r.method, r.url(s.id), bodyFor(r));
      expect(res.statusCode).toBe(403);
    },
  );

  it.each(
    routeCases(
      ROUTES.filter(
        (r) =>
          r.method !== 'DELETE' &&
          r.route !== 'GET /api/v1/shares/limits' &&
          r.route !== 'GET /api/v1/shares/:id',
      ),
    ),
  )('%s answers 400 naming the field', async (_name, r) => {
    const admin = await makeUser(t, ctx.tt, { roles: ['admin'], permissions: SHARES });
    const bad: Record<string, [string, object]> = {
      'GET /api/v1/shares': ['/api/v1/shares?scope=everyone', {}],
      'PUT /api/v1/shares/limits': ['/api/v1/shares/limits', { maxValidDays: 0, maxViews: 3 }],
      'POST /api/v1/shares': ['/api/v1/shares', { ...bodyFor(r), title: '' }],
      'PATCH /api/v1/shares/:id': [`/api/v1/shares/${s.id}`, { maxUses: 'many' }],
    };
    const [url, body] = bad[r.route] ?? ['', {}];
    const owner = r.route === 'PATCH /api/v1/shares/:id' ? ctx.editor : admin;
    const res = await call(owner, r.method, url, r.method === 'GET' ? undefined : body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      {
        'GET /api/v1/shares': 'scope',
        'PUT /api/v1/shares/limits': 'maxValidDays',
        'POST /api/v1/shares': 'title',
        'PATCH /api/v1/shares/:id': 'maxUses',
      }[r.route],
    ]);
  });
});

describe('the owner hears of it', () => {
  it('notifies the owner once per visitor who opens the share, in the notification centre', async () => {
    const { editor, clip } = await setup();
    const s = await share(editor, { itemIds: [clip], title: 'Harbour rushes' });
    const opened = async () => {
      const res = await call(editor, 'GET', '/api/v1/notifications');
      expect(res.statusCode).toBe(200);
      return res
        .json<{ items: { kind: string; payload: { shareId?: string; itemTitle?: string } }[] }>()
        .items.filter((n) => n.kind === 'shareOpened' && n.payload.shareId === s.id);
    };
    expect(await opened()).toHaveLength(0);
    const first = visitor();
    await first.visit('GET', `/api/v1/public/shares/${tokenOf(s)}`);
    await first.visit('GET', `/api/v1/public/shares/${tokenOf(s)}`);
    await expect.poll(async () => (await opened()).length).toBe(1);
    expect((await opened())[0]?.payload.itemTitle).toBe('Harbour rushes');
    await visitor().visit('GET', `/api/v1/public/shares/${tokenOf(s)}`);
    await expect.poll(async () => (await opened()).length).toBe(2);
  });
});
