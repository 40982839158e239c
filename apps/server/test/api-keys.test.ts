import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeysTable } from '../src/db/schema.ts';
import type { Page } from '../src/lib/paging.ts';
import type { ApiKeyDto } from '../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { errorOf, fieldsOf, type RouteCase, routeCases } from './support/responses.ts';
import { makeApiKey, makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NO_PERMISSION = 'no permission to execute API key operations';

const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

const makeKeyUser = (tt: TestTenant) => makeUser(t, tt, { permissions: ['general.apiKeys'] });

const asKey = (secret: string, url = '/api/v1/me') => t.call({ method: 'GET', url, apiKey: secret });
const listKeys = (cookie: string, query = '') =>
  t.call({ method: 'GET', url: `/api/v1/api-keys${query}`, cookie });
const createKey = (cookie: string, body: object) =>
  t.call({
    method: 'POST',
    url: '/api/v1/api-keys',
    cookie,
    body: { label: 'My key', expiresAt: null, maxInactiveDays: null, ...body },
  });
const patchKey = (cookie: string, id: string, body: object) =>
  t.call({ method: 'PATCH', url: `/api/v1/api-keys/${id}`, cookie, body });
const deleteKey = (cookie: string, id: string) =>
  t.call({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, cookie });

/** Arranges a key's stored state directly, as time passing would have left it. */
const setKeyRow = (id: string, patch: Partial<ApiKeysTable>) =>
  t.services.db.updateTable('api_keys').set(patch).where('id', '=', id).execute();
const keyRow = (id: string) =>
  t.services.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
const keysOfUser = (userId: string) =>
  t.services.db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).execute();

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) as string } });
}

const COLLECTION_ROUTES: RouteCase[] = [
  { route: 'GET /api/v1/api-keys', method: 'GET', url: () => '/api/v1/api-keys' },
  {
    route: 'POST /api/v1/api-keys',
    method: 'POST',
    url: () => '/api/v1/api-keys',
    body: { label: 'Sneaky', expiresAt: null, maxInactiveDays: null },
  },
];
const ID_ROUTES: RouteCase[] = [
  {
    route: 'PATCH /api/v1/api-keys/{id}',
    method: 'PATCH',
    url: (id) => `/api/v1/api-keys/${id}`,
    body: { label: 'Hijacked', active: false },
  },
  { route: 'DELETE /api/v1/api-keys/{id}', method: 'DELETE', url: (id) => `/api/v1/api-keys/${id}` },
];

/** A key that a refused call must leave exactly as it was: same row, still working. */
async function makeTargetKey(
  tt: TestTenant,
): Promise<{ owner: TestUser; key: { id: string; secret: string } }> {
  const owner = await makeKeyUser(tt);
  return { owner, key: await makeApiKey(t, owner, { label: 'Target key' }) };
}

async function expectKeyUntouched(target: { owner: TestUser; key: { id: string; secret: string } }) {
  const rows = await keysOfUser(target.owner.id);
  expect(rows.map((r) => [r.id, r.label, r.active])).toEqual([[target.key.id, 'Target key', 1]]);
  expect((await asKey(target.key.secret)).statusCode).toBe(200);
}

describe('every /api/v1/api-keys route', () => {
  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    '%s answers 401 without credentials, or with an unknown key, and changes nothing',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeTargetKey(tt);
      for (const apiKey of [undefined, 'skald_0123456789abcdef_' + 'A'.repeat(43), 'not-a-key']) {
        const res = await t.call({ method, url: url(target.key.id), body, apiKey });
        expectRefused(res);
      }
      await expectKeyUntouched(target);
    },
  );

  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    "%s answers 403 with the spec's message to a user without general.apiKeys",
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeTargetKey(tt);
      // Tenant administration alone does not bring API keys.
      const without = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
      const res = await t.call({ method, url: url(target.key.id), body, cookie: without.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: NO_PERMISSION } });
      await expectKeyUntouched(target);
      expect(await keysOfUser(without.id)).toEqual([]);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    "%s answers 404 for another user's key, even an administrator's",
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeTargetKey(tt);
      const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['general.apiKeys'] });
      const res = await t.call({ method, url: url(target.key.id), body, cookie: admin.cookie });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
      await expectKeyUntouched(target);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    "%s answers 404 for another tenant's key",
    async (_route, { method, url, body }) => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const targetInB = await makeTargetKey(b);
      const superOfA = await makeUser(t, a, { roles: ['superAdmin'] });
      const res = await t.call({ method, url: url(targetInB.key.id), body, cookie: superOfA.cookie });
      expect(res.statusCode).toBe(404);
      await expectKeyUntouched(targetInB);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    '%s answers 404 for an id that names no key, and 400 naming id for one that is not a UUID',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const user = await makeKeyUser(tt);
      expect((await t.call({ method, url: url(randomUUID()), body, cookie: user.cookie })).statusCode).toBe(
        404,
      );
      const bad = await t.call({ method, url: url('key-1'), body, cookie: user.cookie });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('id');
    },
  );
});

describe('POST /api/v1/api-keys', () => {
  it('creates a key and shows its secret once; the list never contains it', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const res = await createKey(user.cookie, { label: 'Newsroom system' });
    expect(res.statusCode).toBe(201);
    const { apiKey, secret } = res.json<{ apiKey: ApiKeyDto; secret: string }>();
    expect(apiKey).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      label: 'Newsroom system',
      identifier: expect.stringMatching(/^[0-9a-f]{16}$/) as string,
      status: 'active',
      expiresAt: null,
      maxInactiveDays: null,
      lastUsedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) as string,
    });
    expect(secret.startsWith(`skald_${apiKey.identifier}_`)).toBe(true);
    const secretPart = secret.slice(`skald_${apiKey.identifier}_`.length);
    expect(secretPart.length).toBeGreaterThanOrEqual(43);

    const list = await listKeys(user.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json<Page<ApiKeyDto>>()).toEqual({ items: [apiKey], total: 1, from: 0, itemsPerPage: 50 });
    expect(list.body).not.toContain(secretPart);
    // Only a hash is stored.
    expect(JSON.stringify(await keyRow(apiKey.id))).not.toContain(secretPart);
  });

  it("signs its holder in as the key's user with Authorization: Bearer", async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const { secret } = await makeApiKey(t, user);
    const res = await asKey(secret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.id, email: user.email },
      tenant: { id: tt.tenant.id },
    });
    // The key can manage its user's keys too, as the permission allows.
    expect((await asKey(secret, '/api/v1/api-keys')).json<Page<ApiKeyDto>>().total).toBe(1);
  });

  it('creates a key that never expires and has no inactivity limit when both are left out', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/api-keys',
      cookie: user.cookie,
      body: { label: 'CI' },
    });
    expect(res.statusCode).toBe(201);
    const { apiKey, secret } = res.json<{ apiKey: ApiKeyDto; secret: string }>();
    expect(apiKey).toMatchObject({ label: 'CI', status: 'active', expiresAt: null, maxInactiveDays: null });
    expect(await keyRow(apiKey.id)).toMatchObject({ expires_at: null, max_inactive_days: null });
    expect((await asKey(secret)).statusCode).toBe(200);
  });

  it('keeps a future expiry date and a threshold of unused days; a date alone is valid through that day', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const expiresAt = new Date(Date.now() + 30 * DAY).toISOString();
    const exact = await createKey(user.cookie, { expiresAt, maxInactiveDays: 90 });
    expect(exact.statusCode).toBe(201);
    expect(exact.json<{ apiKey: ApiKeyDto }>().apiKey).toMatchObject({ expiresAt, maxInactiveDays: 90 });
    const dateOnly = await createKey(user.cookie, { expiresAt: '2999-12-31', maxInactiveDays: 3650 });
    expect(dateOnly.statusCode).toBe(201);
    expect(dateOnly.json<{ apiKey: ApiKeyDto }>().apiKey).toMatchObject({
      expiresAt: '3000-01-01T00:00:00.000Z',
      maxInactiveDays: 3650,
    });
  });

  it.each([
    ['a date in the past', { expiresAt: '2020-01-01T00:00:00.000Z' }, 'Please select a date in the future'],
    [
      'yesterday as a date alone',
      { expiresAt: isoAgo(2 * DAY).slice(0, 10) },
      'Please select a date in the future',
    ],
    ['an empty date', { expiresAt: '' }, 'Please select a date'],
    ['something that is not a date', { expiresAt: 'next friday' }, 'Please select a date'],
    ['a date in words, which Date.parse would read', { expiresAt: 'March 7, 2999' }, 'Please select a date'],
  ])(
    "answers 400 on expiresAt with the spec's message for %s, and creates nothing",
    async (_c, body, message) => {
      const tt = await makeTenant(t);
      const user = await makeKeyUser(tt);
      const res = await createKey(user.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'bad_request', message, details: [{ field: 'expiresAt', message }] },
      });
      expect(await keysOfUser(user.id)).toEqual([]);
    },
  );

  it.each([
    ['maxInactiveDays 0', { maxInactiveDays: 0 }, 'maxInactiveDays'],
    ['maxInactiveDays over 3650', { maxInactiveDays: 3651 }, 'maxInactiveDays'],
    ['a fractional maxInactiveDays', { maxInactiveDays: 1.5 }, 'maxInactiveDays'],
    ['a blank label', { label: '  ' }, 'label'],
    ['a missing label', { label: undefined }, 'label'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_case, body, field) => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const res = await createKey(user.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(fieldsOf(res)).toContain(field);
    expect(await keysOfUser(user.id)).toEqual([]);
  });
});

describe('GET /api/v1/api-keys', () => {
  it("lists the caller's own keys, newest first, in pages", async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const colleague = await makeKeyUser(tt);
    const theirs = await makeApiKey(t, colleague);
    const ids: string[] = [];
    for (const label of ['first', 'second', 'third']) ids.push((await makeApiKey(t, user, { label })).id);

    const all = (await listKeys(user.cookie)).json<Page<ApiKeyDto>>();
    expect(all.total).toBe(3);
    expect(all.items.map((k) => k.label)).toEqual(['third', 'second', 'first']);
    expect(all.items.map((k) => k.id)).not.toContain(theirs.id);
    const page = (await listKeys(user.cookie, '?from=1&itemsPerPage=1')).json<Page<ApiKeyDto>>();
    expect(page).toMatchObject({ total: 3, from: 1, itemsPerPage: 1 });
    expect(page.items.map((k) => k.id)).toEqual([ids[1]]);
    const bad = await listKeys(user.cookie, '?itemsPerPage=501');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('itemsPerPage');
  });

  it('shows when a key was last used', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user);
    const lastUsed = async () =>
      (await listKeys(user.cookie)).json<Page<ApiKeyDto>>().items.find((k) => k.id === key.id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await asKey(key.secret)).statusCode).toBe(200);
    const used = await lastUsed();
    expect(Date.parse(used ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(used ?? '')).toBeLessThanOrEqual(Date.now());
  });
});

describe('PATCH /api/v1/api-keys/{id}', () => {
  it('toggles the status: an inactive key answers 401, an active one works again', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user);
    expect((await asKey(key.secret)).statusCode).toBe(200);

    const off = await patchKey(user.cookie, key.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<ApiKeyDto>().status).toBe('inactive');
    expectRefused(await asKey(key.secret));
    expect((await listKeys(user.cookie)).json<Page<ApiKeyDto>>().items[0]?.status).toBe('inactive');

    const on = await patchKey(user.cookie, key.id, { active: true });
    expect(on.json<ApiKeyDto>().status).toBe('active');
    expect((await asKey(key.secret)).statusCode).toBe(200);
  });

  it('changes label, expiry date and threshold', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user, { maxInactiveDays: 10 });
    const expiresAt = isoIn(7 * DAY);
    const res = await patchKey(user.cookie, key.id, { label: 'Renamed', expiresAt, maxInactiveDays: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: key.id, label: 'Renamed', expiresAt, maxInactiveDays: null });
    expect((await listKeys(user.cookie)).json<Page<ApiKeyDto>>().items).toEqual([res.json()]);
    const indefinite = await patchKey(user.cookie, key.id, { expiresAt: null });
    expect(indefinite.json<ApiKeyDto>().expiresAt).toBeNull();
  });

  it.each([
    ['a past expiry date', { expiresAt: '2001-01-01' }, 'expiresAt'],
    ['an empty expiry date', { expiresAt: '' }, 'expiresAt'],
    ['maxInactiveDays 0', { maxInactiveDays: 0 }, 'maxInactiveDays'],
    ['a non-boolean active', { active: 'no' }, 'active'],
    ['a blank label', { label: '' }, 'label'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_case, body, field) => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user, { label: 'Kept' });
    const before = await keyRow(key.id);
    const res = await patchKey(user.cookie, key.id, { active: false, ...body });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect(await keyRow(key.id)).toEqual(before);
    expect((await asKey(key.secret)).statusCode).toBe(200);
  });

  it('resets the unused timer: a key unused beyond its threshold works again after any update', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const stale = await makeApiKey(t, user, { maxInactiveDays: 2 });
    await setKeyRow(stale.id, { timer_reset_at: isoAgo(10 * DAY), last_used_at: isoAgo(3 * DAY) });
    expectRefused(await asKey(stale.secret));

    const renamed = await patchKey(user.cookie, stale.id, { label: 'Still needed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ApiKeyDto>().status).toBe('active');
    expect((await asKey(stale.secret)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/api-keys/{id}', () => {
  it('deletes the key: gone from the list, and it answers 401 from then on', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const kept = await makeApiKey(t, user, { label: 'kept' });
    const doomed = await makeApiKey(t, user, { label: 'doomed' });
    expect((await asKey(doomed.secret)).statusCode).toBe(200);

    const res = await deleteKey(user.cookie, doomed.id);
    expect(res.statusCode).toBe(204);
    expectRefused(await asKey(doomed.secret));
    expect((await listKeys(user.cookie)).json<Page<ApiKeyDto>>().items.map((k) => k.id)).toEqual([kept.id]);
    expect((await deleteKey(user.cookie, doomed.id)).statusCode).toBe(404);
    expect((await asKey(kept.secret)).statusCode).toBe(200);
  });
});

describe('a key in use', () => {
  it('answers 401 once its expiry date has passed', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const expired = await makeApiKey(t, user, { expiresAt: isoIn(HOUR) });
    // Moved into the past before the first use, so no cached evaluation holds the old date.
    await setKeyRow(expired.id, { expires_at: isoAgo(1000) });
    expectRefused(await asKey(expired.secret));
  });

  it('is re-checked against its expiry date on every request, even while its evaluation is cached', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user, { expiresAt: isoIn(HOUR) });
    expect((await asKey(key.secret)).statusCode).toBe(200);
    expect(await t.services.apiKeyAuthenticator.authenticate(key.secret, Date.now())).toBeDefined();
    expect(
      await t.services.apiKeyAuthenticator.authenticate(key.secret, Date.now() + 2 * HOUR),
    ).toBeUndefined();
  });

  it('answers 401 when unused for longer than its threshold, counting from its last use', async () => {
    const tt = await makeTenant(t);
    const user = await makeKeyUser(tt);
    const stale = await makeApiKey(t, user, { maxInactiveDays: 2 });
    const recent = await makeApiKey(t, user, { maxInactiveDays: 2 });
    const noThreshold = await makeApiKey(t, user, { maxInactiveDays: null });
    await setKeyRow(stale.id, { timer_reset_at: isoAgo(10 * DAY), last_used_at: isoAgo(3 * DAY) });
    await setKeyRow(recent.id, { timer_reset_at: isoAgo(10 * DAY), last_used_at: isoAgo(DAY) });
    await setKeyRow(noThreshold.id, { timer_reset_at: isoAgo(400 * DAY), last_used_at: null });
    expectRefused(await asKey(stale.secret));
    expect((await asKey(recent.secret)).statusCode).toBe(200);
    expect((await asKey(noThreshold.secret)).statusCode).toBe(200);
  });

  it("answers 401 while its user is deactivated, even after it was used, and works once they're back", async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user);
    expect((await asKey(key.secret)).statusCode).toBe(200);
    const patchUser = (active: boolean) =>
      t.call({ method: 'PATCH', url: `/api/v1/users/${user.id}`, cookie: admin.cookie, body: { active } });
    expect((await patchUser(false)).statusCode).toBe(200);
    expectRefused(await asKey(key.secret));
    expect((await patchUser(true)).statusCode).toBe(200);
    expect((await asKey(key.secret)).statusCode).toBe(200);
  });

  it('answers 401 once its user is deleted', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const user = await makeKeyUser(tt);
    const key = await makeApiKey(t, user);
    expect((await asKey(key.secret)).statusCode).toBe(200);
    const res = await t.call({ method: 'DELETE', url: `/api/v1/users/${user.id}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(204);
    expectRefused(await asKey(key.secret));
  });

  it("stays inside its tenant: an administrator's key finds no user of another tenant (404)", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const adminOfA = await makeUser(t, a, { roles: ['admin'], permissions: ['general.apiKeys'] });
    const key = await makeApiKey(t, adminOfA);
    const userOfB = await t.services.usersService.create(b.root, { email: 'b@example.test', name: 'B' });
    const colleague = await t.services.usersService.create(a.root, { email: 'a@example.test', name: 'A' });
    expect((await asKey(key.secret, `/api/v1/users/${colleague.id}`)).statusCode).toBe(200);
    const res = await asKey(key.secret, `/api/v1/users/${userOfB.id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not_found');
  });
});
