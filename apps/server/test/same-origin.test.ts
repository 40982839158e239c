import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_REFUSED } from '../src/plugins/same-origin.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeApiKey, makeTenant, makeUser, type TestUser } from './support/factories.ts';

// Cookie-carrying state changes only from Skald's own pages: a page on a sibling subdomain or
// another port must not make a signed-in browser reprocess, restore, invite or sign out.
const HOST = 'skald.example.test';
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `https://${HOST}` });
  const tt = await makeTenant(t);
  user = await makeUser(t, tt, { roles: ['admin'], permissions: ['general.apiKeys'] });
});
afterAll(async () => t.close());

const ID = '00000000-0000-7000-8000-000000000000';
const unsafe = () =>
  t.declaredRoutes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.url.startsWith('/api/'));

describe('a cross-site request with the session cookie', () => {
  it('is refused on every unsafe route, before the route runs', async () => {
    const routes = unsafe();
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/items/:id/reprocess',
        '/api/v1/items/:id/restore',
        '/api/v1/items/:id/versions/:versionId/promote',
        '/api/v1/users/:id/invite',
        '/api/v1/users/:id/logout',
        '/api/v1/me/mfa/setup',
        '/api/v1/uploads',
        '/api/v1/uploads/:uploadId',
      ]),
    );
    for (const route of routes) {
      const res = await t.call({
        method: route.method,
        url: route.url.replace(/:\w+/g, ID),
        cookie: user.cookie,
        headers: { host: HOST, origin: 'https://evil.example' },
      });
      expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, 403]);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: CROSS_ORIGIN_REFUSED } });
    }
  });

  it('leaves the session signed in when the sign-out came from elsewhere', async () => {
    const tt = await makeTenant(t);
    const victim = await makeUser(t, tt);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookie: victim.cookie,
      headers: { host: HOST, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.call({ method: 'GET', url: '/api/v1/me', cookie: victim.cookie });
    expect(me.statusCode).toBe(200);
  });
});

describe('which requests count as Skald’s own', () => {
  it.each<[string, Record<string, string>, number]>([
    ['Origin of a sibling subdomain', { origin: 'https://evil.example.test' }, 403],
    ['Origin on another port', { origin: `https://${HOST}:8443` }, 403],
    ['Origin of another scheme and port of PUBLIC_URL’s host', { origin: `http://${HOST}:8080` }, 403],
    ['Origin null (a sandboxed frame, a data: page)', { origin: 'null' }, 403],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }, 403],
    [
      'Sec-Fetch-Site cross-site, whatever Origin says',
      { 'sec-fetch-site': 'cross-site', origin: `https://${HOST}` },
      403,
    ],
    ['PUBLIC_URL’s origin', { origin: `https://${HOST}` }, 200],
    [
      'the origin of the Host it came to',
      { host: 'other.internal:3000', origin: 'http://other.internal:3000' },
      200,
    ],
    [
      'https in Origin behind a TLS-terminating proxy',
      { host: 'other.internal', origin: 'https://other.internal' },
      200,
    ],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: `https://${HOST}` }, 200],
    ['Sec-Fetch-Site none (typed by the user)', { 'sec-fetch-site': 'none' }, 200],
    ['neither header (not a browser page)', {}, 200],
  ])('%s: %i', async (_what, headers, status) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/me/mfa/setup',
      cookie: user.cookie,
      headers: { host: HOST, ...headers },
    });
    expect(res.statusCode).toBe(status);
  });

  it('lets an API key through from anywhere: a browser does not add it by itself', async () => {
    const key = await makeApiKey(t, user);
    const res = await t.call({
      method: 'PATCH',
      url: `/api/v1/api-keys/${key.id}`,
      apiKey: key.secret,
      body: { label: 'renamed' },
      headers: { host: HOST, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('leaves reading alone: a cross-site GET is answered as any other', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v1/me',
      cookie: user.cookie,
      headers: { host: HOST, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
