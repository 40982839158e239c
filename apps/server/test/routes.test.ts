import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerAuth } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('every route', () => {
  it('declares its access', () => {
    const api = t.declaredRoutes.filter((r) => r.url.startsWith('/api/v1'));
    expect(api.length).toBeGreaterThan(20);
    for (const route of api) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 with the error shape to a caller without credentials, unless public', async () => {
    const protectedRoutes = t.declaredRoutes.filter(
      (r) => r.url.startsWith('/api') && r.access !== undefined && r.access !== 'public',
    );
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const route of protectedRoutes) {
      if (route.method === 'HEAD') continue;
      const url = route.url.replace(':id', '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
      const res = await t.call({
        method: route.method,
        url,
        body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('answers 401 to an unknown API key and to a forged session cookie', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/me', apiKey: 'skald_0000000000000000_' + 'a'.repeat(43) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/me', cookie: 'skald_session=forged' })).statusCode,
    ).toBe(401);
  });
});

describe('the server', () => {
  it('refuses to boot when a route declares no access', async () => {
    const app = Fastify();
    registerAuth(app, {
      declaredRoutes: [],
      sessions: {} as never,
      apiKeys: {} as never,
    });
    expect(() => app.get('/api/v1/undeclared', () => 'nope')).toThrow(/declares no access/);
    await app.close();
  });

  it('serves health, readiness and the OpenAPI document without credentials', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.call({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v1/api-keys/{id}');
  });

  it('gives every answer a request id, echoing one the caller sent', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((await t.call({ method: 'GET', url: '/api/health' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('answers an unknown API route with 404 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
