import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeApiKey, makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeFolder, makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Control characters (NUL, ESC, CR/LF in one line…) are refused at the edge, naming the field:
// stored, they came back in Content-Disposition, logs and other users' screens.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Setup {
  tt: TestTenant;
  admin: TestUser;
  itemId: string;
  folderId: string;
  groupId: string;
  userId: string;
  bookmarkId: string;
  apiKeyId: string;
}

async function setup(): Promise<Setup> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, {
    roles: ['admin'],
    permissions: ['general.bookmarks', 'general.apiKeys', 'folder.create'],
  });
  const itemId = await makeItem(t, tt, { ownerId: admin.id });
  const folderId = (await makeFolder(t, tt, 'Desk')).id;
  const groupId = (await t.services.groupsService.create(tt.root, { name: 'Desk' })).id;
  const bookmark = await t.call({
    method: 'POST',
    url: '/api/v1/bookmarks',
    cookie: admin.cookie,
    body: { title: 'Mine', kind: 'page', target: '/activity' },
  });
  return {
    tt,
    admin,
    itemId,
    folderId,
    groupId,
    userId: admin.id,
    bookmarkId: bookmark.json<{ id: string }>().id,
    apiKeyId: (await makeApiKey(t, admin)).id,
  };
}

type Case = [string, 'POST' | 'PATCH', (s: Setup) => string, (s: Setup, bad: string) => object, string];

const CASES: Case[] = [
  ['an item’s title', 'PATCH', (s) => `/api/v1/items/${s.itemId}`, (_s, bad) => ({ title: bad }), 'title'],
  [
    'an item’s description',
    'PATCH',
    (s) => `/api/v1/items/${s.itemId}`,
    () => ({ description: 'line\u0000' }),
    'description',
  ],
  [
    'a new folder’s name',
    'POST',
    () => '/api/v1/folders',
    (s, bad) => ({ name: bad, parentId: s.folderId }),
    'name',
  ],
  ['a folder’s name', 'PATCH', (s) => `/api/v1/folders/${s.folderId}`, (_s, bad) => ({ name: bad }), 'name'],
  ['a new group’s name', 'POST', () => '/api/v1/groups', (_s, bad) => ({ name: bad }), 'name'],
  ['a group’s name', 'PATCH', (s) => `/api/v1/groups/${s.groupId}`, (_s, bad) => ({ name: bad }), 'name'],
  [
    'a new user’s name',
    'POST',
    () => '/api/v1/users',
    (_s, bad) => ({ name: bad, email: 'new@example.test' }),
    'name',
  ],
  ['a user’s name', 'PATCH', (s) => `/api/v1/users/${s.userId}`, (_s, bad) => ({ name: bad }), 'name'],
  ['one’s own name', 'PATCH', () => '/api/v1/me', (_s, bad) => ({ name: bad }), 'name'],
  [
    'a new bookmark’s title',
    'POST',
    () => '/api/v1/bookmarks',
    (_s, bad) => ({ title: bad, kind: 'page', target: '/activity' }),
    'title',
  ],
  [
    'a bookmark’s target',
    'PATCH',
    (s) => `/api/v1/bookmarks/${s.bookmarkId}`,
    (_s, bad) => ({ target: `/activity${bad}` }),
    'target',
  ],
  [
    'a new API key’s label',
    'POST',
    () => '/api/v1/api-keys',
    (_s, bad) => ({ label: bad, expiresAt: null, maxInactiveDays: null }),
    'label',
  ],
  [
    'an API key’s label',
    'PATCH',
    (s) => `/api/v1/api-keys/${s.apiKeyId}`,
    (_s, bad) => ({ label: bad }),
    'label',
  ],
];

const BAD = ['nul\u0000byte', 'two\r\nlines', 'escape\u001b[2J', 'tab\there', 'c1\u0085next', 'del\u007f'];

describe.each(CASES)('%s', (_what, method, url, body, field) => {
  it.each(BAD)('refuses %j with 400 naming the field', async (bad) => {
    const s = await setup();
    const res = await t.call({ method, url: url(s), cookie: s.admin.cookie, body: body(s, bad) });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect(errorOf(res).message).toBe(`${field}: must not contain control characters`);
  });
});

describe('text that is not refused', () => {
  it('keeps tabs and line breaks in a description, and any script in a title', async () => {
    const s = await setup();
    const body = { title: 'Æøå — 日本語 «ok» 🙂', description: 'First line\n\tindented\r\nlast' };
    const res = await t.call({
      method: 'PATCH',
      url: `/api/v1/items/${s.itemId}`,
      cookie: s.admin.cookie,
      body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemDto>()).toMatchObject(body);
  });

  it('trims a trailing line break from a one-line name rather than refusing it', async () => {
    const s = await setup();
    const res = await t.call({
      method: 'PATCH',
      url: `/api/v1/folders/${s.folderId}`,
      cookie: s.admin.cookie,
      body: { name: ' Desk 2\n' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string }>().name).toBe('Desk 2');
  });
});

describe('the download’s Content-Disposition', () => {
  it('carries no control character of a file name stored before they were refused', async () => {
    const s = await setup();
    await addVersion(t, s.tt, s.itemId, {
      original: Buffer.from('0123'),
      // Not NUL: PostgreSQL cannot store it in text at all.
      filename: 'evil\u001b\r\nSet-Cookie: a=b.mp4',
    });
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/items/${s.itemId}/download`,
      cookie: s.admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe('attachment; filename="evil___Set-Cookie: a=b.mp4"');
  });

  it('quotes a name outside ASCII with an ASCII fallback and the UTF-8 original', async () => {
    const s = await setup();
    await addVersion(t, s.tt, s.itemId, { original: Buffer.from('0123'), filename: 'Fjord "Ålesund".mp4' });
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/items/${s.itemId}/download`,
      cookie: s.admin.cookie,
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Fjord \\"?lesund\\".mp4"; filename*=UTF-8''Fjord%20%22%C3%85lesund%22.mp4`,
    );
  });
});
