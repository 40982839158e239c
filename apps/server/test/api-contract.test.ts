import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPath } from './support/contract.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** The API's routes as they are declared; Fastify's HEAD twins of GET routes are not routes of their own. */
function apiRoutes() {
  const declared = t.declaredRoutes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
  const gets = new Set(declared.filter((r) => r.method === 'GET').map((r) => r.url));
  return declared.filter((r) => r.method !== 'HEAD' || !gets.has(r.url));
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate({ ...structuredClone(t.app.swagger()) });
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does refuse a broken one (an answer without a description).
    const broken = structuredClone(t.app.swagger());
    delete (broken.paths?.['/api/health']?.get?.responses as Record<string, { description?: string }>)['200']
      ?.description;
    expect((await new Validator().validate({ ...broken })).valid).toBe(false);
  });

  it('has an operation for every route, with its success answer and the error answers its declaration implies', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const operation = t.contract.operation(route.method, route.url);
      expect(operation, name).toBeDefined();
      const statuses = Object.keys(operation?.responses ?? {});
      expect(
        statuses.filter((s) => s.startsWith('2')),
        name,
      ).not.toHaveLength(0);
      if (route.access === 'public') expect(operation?.security, name).toEqual([]);
      else expect(statuses, name).toContain('401');
      if (route.url.includes(':')) expect(statuses, name).toContain('404');
      if (['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method)) {
        expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '415']));
      }
    }
  });

  it('is checked against every answer of the test suites, and that check fails what it does not describe', () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const answer = {
      method: 'GET',
      route: '/api/health',
      status: 200,
      headers: json,
      body: '{"status":"ok"}',
    };
    expect(() => {
      t.contract.check(answer);
    }).not.toThrow();
    expect(() => {
      t.contract.check({ ...answer, status: 500 });
    }).toThrow(/lists only 200/);
    expect(() => {
      t.contract.check({ ...answer, body: '{"status":"up"}' });
    }).toThrow(/does not allow/);
    expect(() => {
      t.contract.check({ ...answer, headers: { 'content-type': 'text/html' } });
    }).toThrow(/as text\/html/);
    expect(() => {
      t.contract.check({ method: 'DELETE', route: '/api/v1/items/:id', status: 204, headers: {}, body: 'x' });
    }).toThrow(/body where the document says none/);
    expect(() => {
      t.contract.check({ method: 'GET', route: null, status: 500, headers: json, body: '{}' });
    }).toThrow(/only 404 or 405/);
  });
});

describe('a known path asked with a method it does not answer', () => {
  it.each([
    ['PUT', `/api/v1/items/${ID}`, 'GET, HEAD, PATCH, DELETE'],
    ['POST', '/api/v1/me', 'GET, HEAD, PATCH'],
    ['GET', '/api/v1/auth/login', 'POST'],
    ['DELETE', `/api/v1/items/${ID}/media/hls/index.m3u8`, 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s, in the error shape', async (method, url, allow) => {
    const res = await t.call({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('is still 404 when no route has the path', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('docs/API.md', () => {
  const markdown = readFileSync(new URL('../../../docs/API.md', import.meta.url), 'utf8');
  // Table rows: | GET / PATCH | `/api/v1/groups/{id}?search=` | …
  const listed = new Set(
    [...markdown.matchAll(/^\| *([A-Z /]+?) *\| *`([^`?]+)[^`]*` *\|/gm)].flatMap(
      ([, methods = '', path = '']) => methods.split('/').map((method) => `${method.trim()} ${path}`),
    ),
  );
  const routes = () => apiRoutes().map((r) => `${r.method} ${documentPath(r.url)}`);

  it('lists every route', () => {
    expect(routes().filter((route) => !listed.has(route))).toEqual([]);
  });

  it('lists no route that does not exist', () => {
    expect([...listed].filter((route) => !routes().includes(route))).toEqual([]);
  });
});
