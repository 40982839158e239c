import { LIMITS } from '@skald/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/lib/tokens.ts';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-authenticator.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  makeApiKey,
  makeTenant,
  makeUser,
  PASSWORD,
  signIn,
  type TestTenant,
  type TestUser,
} from './support/factories.ts';
import { QueryCounter } from './support/query-counter.ts';

const statements = new QueryCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [statements] });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const me = (cookie: string, app = t) => app.call({ method: 'GET', url: '/api/v1/me', cookie });
const send = (cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
  t.call({ method, url, cookie, ...(body ? { body } : {}) });
const meByKey = (apiKey: string, app = t) => app.call({ method: 'GET', url: '/api/v1/me', apiKey });
const permissionsOf = async (cookie: string) =>
  (await me(cookie)).json<{ permissions: string[] }>().permissions;
const sessionIdOf = (cookie: string) => sha256(cookie.slice('skald_session='.length));

describe('a signed-in request', () => {
  it('reads the session and the identity once; the requests after it read nothing for them', async () => {
    const user = await makeUser(t, await makeTenant(t));
    expect(await statements.during(() => me(user.cookie))).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      expect(await statements.during(() => me(user.cookie))).toBe(0);
    }
  });

  it('with an API key, likewise', async () => {
    const user = await makeUser(t, await makeTenant(t), { permissions: ['general.apiKeys'] });
    const key = await makeApiKey(t, user);
    expect(await statements.during(() => meByKey(key.secret))).toBeGreaterThan(0);
    expect(await statements.during(() => meByKey(key.secret))).toBe(0);
  });

  it("is refused from the session's end on, to the millisecond, though the cache kept it", async () => {
    const user = await makeUser(t, await makeTenant(t));
    const start = Date.now();
    const end = start + SESSION_CACHE_TTL_MS / 2;
    await t.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(end).toISOString() })
      .where('id', '=', sessionIdOf(user.cookie))
      .execute();
    vi.setSystemTime(start);
    expect((await me(user.cookie)).statusCode).toBe(200);
    vi.setSystemTime(end - 1);
    expect(
      await statements.during(async () => {
        expect((await me(user.cookie)).statusCode).toBe(200);
      }),
    ).toBe(0);
    vi.setSystemTime(end);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});

describe('a cached identity is evicted when', () => {
  let tt: TestTenant;
  let admin: TestUser;
  beforeAll(async () => {
    tt = await makeTenant(t);
    admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['item.promote'] });
  });
  const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    send(admin.cookie, method, url, body);
  /** A user whose session and API key are cached. */
  const cachedUser = async () => {
    const user = await makeUser(t, tt, { permissions: ['general.apiKeys'] });
    const key = await makeApiKey(t, user);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await meByKey(key.secret)).statusCode).toBe(200);
    return { ...user, key: key.secret };
  };

  it('the session signs out: that session is refused, the same user’s others are not', async () => {
    const user = await cachedUser();
    const other = await signIn(t, tt.tenant.slug, user.email);
    expect((await me(other)).statusCode).toBe(200);
    await send(user.cookie, 'POST', '/api/v1/auth/logout');
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it.each<[string, (u: TestUser) => Promise<LightMyRequestResponse>, { session: number; apiKey: number }]>([
    // Signing a user out ends their sessions; their API keys are not sessions.
    [
      'an administrator signs the user out',
      (u) => asAdmin('POST', `/api/v1/users/${u.id}/logout`),
      { session: 401, apiKey: 200 },
    ],
    [
      'the user is deactivated',
      (u) => asAdmin('PATCH', `/api/v1/users/${u.id}`, { active: false }),
      { session: 401, apiKey: 401 },
    ],
    ['the user is deleted', (u) => asAdmin('DELETE', `/api/v1/users/${u.id}`), { session: 401, apiKey: 401 }],
  ])('%s: the session answers %o', async (_what, change, expected) => {
    const user = await cachedUser();
    expect((await change(user)).statusCode).toBeLessThan(300);
    expect((await me(user.cookie)).statusCode).toBe(expected.session);
    expect((await meByKey(user.key)).statusCode).toBe(expected.apiKey);
  });

  it('an administrator renames the user or changes their permissions: both credentials see it', async () => {
    const user = await cachedUser();
    await asAdmin('PATCH', `/api/v1/users/${user.id}`, {
      name: 'Renamed',
      permissions: ['general.apiKeys', 'item.promote'],
    });
    for (const res of [await me(user.cookie), await meByKey(user.key)]) {
      expect(res.json()).toMatchObject({ user: { name: 'Renamed' } });
      expect(res.json<{ permissions: string[] }>().permissions).toContain('item.promote');
    }
  });

  it('the user changes their own name: their other sessions see it', async () => {
    const user = await cachedUser();
    const other = await signIn(t, tt.tenant.slug, user.email);
    expect((await me(other)).json()).toMatchObject({ user: { name: 'Test User' } });
    await send(user.cookie, 'PATCH', '/api/v1/me', { name: 'Self-named' });
    expect((await me(other)).json()).toMatchObject({ user: { name: 'Self-named' } });
  });

  it('the user changes their password: the next request reads the identity again', async () => {
    const user = await cachedUser();
    const changed = await send(user.cookie, 'POST', '/api/v1/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect(await statements.during(() => me(user.cookie))).toBeGreaterThan(0);
  });

  it("the user's groups change, a group's permissions change, a group is deleted", async () => {
    const user = await cachedUser();
    const created = await asAdmin('POST', '/api/v1/groups', {
      name: `Promoters ${user.id}`,
      permissions: [],
    });
    const groupId = created.json<{ id: string }>().id;
    expect(await permissionsOf(user.cookie)).not.toContain('item.promote');

    await asAdmin('PATCH', `/api/v1/users/${user.id}`, { groupIds: [groupId] });
    await asAdmin('PATCH', `/api/v1/groups/${groupId}`, { permissions: ['item.promote'] });
    expect(await permissionsOf(user.cookie)).toContain('item.promote');

    await asAdmin('PATCH', `/api/v1/groups/${groupId}`, { memberIds: [] });
    expect(await permissionsOf(user.cookie)).not.toContain('item.promote');

    await asAdmin('PATCH', `/api/v1/groups/${groupId}`, { memberIds: [user.id] });
    expect(await permissionsOf(user.cookie)).toContain('item.promote');
    expect((await meByKey(user.key)).json<{ permissions: string[] }>().permissions).toContain('item.promote');

    await asAdmin('DELETE', `/api/v1/groups/${groupId}`);
    expect(await permissionsOf(user.cookie)).not.toContain('item.promote');
  });

  it('the tenant enforces MFA: a session not enrolled must set it up first', async () => {
    const other = await makeTenant(t);
    const tenantAdmin = await makeUser(t, other, { roles: ['admin'] });
    const user = await makeUser(t, other);
    expect((await me(user.cookie)).json()).toMatchObject({ mfaSetupRequired: false });
    await send(tenantAdmin.cookie, 'PATCH', '/api/v1/tenant/security', { mfaEnforced: true });
    expect((await me(user.cookie)).json()).toMatchObject({ mfaSetupRequired: true });
    const blocked = await t.call({ method: 'GET', url: '/api/v1/uploads', cookie: user.cookie });
    expect(blocked.json()).toMatchObject({ error: { code: 'mfa_setup_required' } });
  });

  it('a change in one tenant leaves the cached identities of another alone', async () => {
    const user = await cachedUser();
    const elsewhere = await makeTenant(t);
    const theirAdmin = await makeUser(t, elsewhere, { roles: ['admin'] });
    await send(theirAdmin.cookie, 'PATCH', '/api/v1/tenant/security', { mfaEnforced: false });
    expect(await statements.during(() => me(user.cookie))).toBe(0);
  });
});

describe('two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  const redis = Boolean(process.env.REDIS_URL);
  beforeAll(async () => {
    // A channel of this run's own, so that nobody else's evictions (or ours to them) cross.
    const identityChannel = `skald-test:identity-evictions:${sha256(String(Math.random())).slice(0, 12)}`;
    a = await createTestApp({}, { identityChannel });
    b = await createTestApp({}, { db: a.services.db, identityChannel });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /**
   * What docs/ARCHITECTURE.md promises: with Redis, the other process refuses as soon as the
   * message arrives (waited for here, not timed); without it, from the TTL on.
   */
  async function expectRefusedWithinTheLag(request: () => Promise<{ statusCode: number }>, ttlMs: number) {
    if (redis) {
      await vi.waitFor(
        async () => {
          expect((await request()).statusCode).toBe(401);
        },
        { timeout: 5_000 },
      );
      return;
    }
    const now = Date.now();
    vi.setSystemTime(now);
    expect((await request()).statusCode).toBe(200);
    vi.setSystemTime(now + ttlMs);
    expect((await request()).statusCode).toBe(401);
  }

  it('a session signed out in one is refused by the other', async () => {
    const tt = await makeTenant(a);
    const user = await makeUser(a, tt);
    expect((await me(user.cookie, b)).statusCode).toBe(200);
    await a.call({ method: 'POST', url: '/api/v1/auth/logout', cookie: user.cookie });
    expect((await me(user.cookie, a)).statusCode).toBe(401);
    await expectRefusedWithinTheLag(() => me(user.cookie, b), SESSION_CACHE_TTL_MS);
  });

  it('an API key deleted in one is refused by the other', async () => {
    const tt = await makeTenant(a);
    const user = await makeUser(a, tt, { permissions: ['general.apiKeys'] });
    const key = await makeApiKey(a, user);
    expect((await meByKey(key.secret, b)).statusCode).toBe(200);
    await a.call({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, cookie: user.cookie });
    expect((await meByKey(key.secret, a)).statusCode).toBe(401);
    await expectRefusedWithinTheLag(() => meByKey(key.secret, b), LIMITS.apiKeyCacheTtlMs);
  });
});
