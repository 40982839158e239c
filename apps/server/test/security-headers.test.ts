import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { registerSecurityHeaders } from '../src/plugins/security-headers.ts';
import { registerWeb } from '../src/plugins/web.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t, await makeTenant(t));
});
afterAll(async () => t.close());

/** An answer's headers by lower-case name: Fastify inject's, or fetch's made into one. */
type Answer = Pick<LightMyRequestResponse, 'headers'>;

/** The CSP's directives by name. */
function csp(res: Answer): Map<string, string> {
  const header = res.headers['content-security-policy'] ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0] ?? '', d.slice(d.indexOf(' ') + 1)]),
  );
}

function expectHardened(res: Answer): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['strict-transport-security']).toBeUndefined();
  const policy = csp(res);
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('default-src')).toBe("'self'");
  expect(policy.get('script-src')).toBe("'self'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
}

describe('security headers', () => {
  it.each<[string, () => Promise<LightMyRequestResponse>, number]>([
    ['API JSON', () => t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie }), 200],
    ['an error', () => t.call({ method: 'GET', url: '/api/v1/me' }), 401],
    ['an unknown route', () => t.call({ method: 'GET', url: '/api/v1/nothing-here' }), 404],
    [
      'a bad request',
      () => t.call({ method: 'GET', url: '/api/v1/items/not-an-id', cookie: user.cookie }),
      400,
    ],
    ['the OpenAPI page', () => t.call({ method: 'GET', url: '/api/docs/' }), 200],
  ])('are on %s', async (_what, request, status) => {
    const res = await request();
    expect(res.statusCode).toBe(status);
    expectHardened(res);
  });

  it('are on a media answer, which stays same-origin', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id, original: Buffer.from('0123') });
    const res = await t.call({ method: 'GET', url: `/api/v1/items/${id}/download`, cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expectHardened(res);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('are on the answers the event stream and tus write themselves, with the request id', async () => {
    const tt = await makeTenant(t);
    const uploader = await makeUser(t, tt, { permissions: ['item.create'] });
    const folder = await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const metadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        cookie: uploader.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': metadata({ filename: 'a.txt', folderId: folder.id }),
      },
    });
    expect(created.status).toBe(201);
    const head = await fetch(new URL(created.headers.get('location') ?? '', base), {
      method: 'HEAD',
      headers: { cookie: uploader.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const aborted = new AbortController();
    const events = await fetch(`${base}/api/v1/events`, {
      headers: { cookie: user.cookie },
      signal: aborted.signal,
    });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    aborted.abort();
    for (const res of [created, head, events]) {
      expectHardened({ headers: Object.fromEntries(res.headers) });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('let the web app load its own media, previews and styles', async () => {
    const policy = csp(await t.call({ method: 'GET', url: '/api/health' }));
    expect(policy.get('media-src')).toBe("'self' blob:");
    expect(policy.get('worker-src')).toBe("'self'");
    expect(policy.get('img-src')).toBe("'self' data: blob:");
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('connect-src')).toBe("'self'");
  });

  it('add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://skald.example.test' });
    try {
      const res = await secure.call({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

/** The built web app (an index.html and a script) served as the server serves it, with its headers. */
function webApp(frameAncestors?: string[]) {
  const dist = mkdtempSync(path.join(tmpdir(), 'skald-dist-'));
  const web = Fastify();
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
    await registerSecurityHeaders(web, 'http://localhost:3000', frameAncestors);
    expect(await registerWeb(web, dist)).toBe(true);
    registerErrorHandling(web, { spa: true });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });
  return web;
}

describe('security headers on the web app', () => {
  const web = webApp();

  it.each(['/', '/folders?folderId=x', '/export', '/browse'])('are on the HTML of %s', async (url) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(res);
  });
});

describe('FRAME_ANCESTORS: the editing-tool layouts in a panel', () => {
  const panels = ['https://panel.example.test', 'http://localhost:8088'];
  const web = webApp(panels);

  it.each(['/export', '/browse', '/browse?q=news', '/export/folders/x'])(
    'let the panels frame the page of %s, and nothing else changes',
    async (url) => {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options']).toBeUndefined();
      const policy = csp(res);
      expect(policy.get('frame-ancestors')).toBe(panels.join(' '));
      const unframed = csp(await web.inject({ method: 'GET', url: '/' }));
      unframed.delete('frame-ancestors');
      policy.delete('frame-ancestors');
      expect(policy).toEqual(unframed);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each(['/', '/folders', '/exported', '/browser', '/item-details/x', '/assets/app.js', '/export/app.js'])(
    'keep every other answer unframeable: %s',
    async (url) => {
      const res = await web.inject({ method: 'GET', url });
      expectHardened(res);
    },
  );

  it('keep the API unframeable', async () => {
    const app = await createTestApp({ FRAME_ANCESTORS: panels.join(' ') });
    try {
      expectHardened(await app.call({ method: 'GET', url: '/api/v1/me' }));
      expectHardened(await app.call({ method: 'GET', url: '/api/health' }));
    } finally {
      await app.close();
    }
  });
});
