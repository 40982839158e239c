import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem } from './support/items.ts';
import { errorOf } from './support/responses.ts';

// Issue 10: one search of many stars against a long word held the event loop for minutes (every
// other request of every tenant waited). These are liveness checks, not benchmarks: the bound is
// generous (a loaded CI machine runs a cold search in about a second), and what fails is a search
// that stalls (the took minutes).
const LIVENESS_MS = 5000;

let t: TestApp;
let user: TestUser;
const LONG = 'a'.repeat(60);
beforeAll(async () => {
  t = await createTestApp();
  const tt = await makeTenant(t);
  user = await makeUser(t, tt);
  // The long words reach the tenant's vocabulary, the results' highlighting and the folder search.
  await makeItem(t, tt, {
    ownerId: user.id,
    title: `${LONG} ${'a'.repeat(59)}b`,
    description: `${LONG} `.repeat(100),
  });
  await makeFolder(t, tt, `${LONG} ${'a'.repeat(59)}b`);
  await makeFolder(t, tt, `${LONG} ${LONG}`);
});
afterAll(async () => t.close());

/** The search's answer and how long it and a health check sent right after it took. */
async function searchWithHealthCheck(searchString: string, extra = '') {
  const started = performance.now();
  const searching = t
    .call({
      method: 'GET',
      url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}${extra}`,
      cookie: user.cookie,
    })
    .then((res) => ({ res, ms: performance.now() - started }));
  const health = await t.call({ method: 'GET', url: '/api/health' });
  const healthMs = performance.now() - started;
  const { res, ms } = await searching;
  return { res, ms, health, healthMs };
}

describe('a search of many wildcards against a vocabulary with a 60-letter word', () => {
  it('refuses the pattern of the issue with a 400 naming searchString at once, and health answers meanwhile', async () => {
    const { res, ms, health, healthMs } = await searchWithHealthCheck('a*a*a*a*a*a*a*a*a*a*b');

    expect(res.statusCode).toBe(400);
    const message = 'A word can hold at most 8 wildcards (at character 1)';
    expect(errorOf(res)).toEqual({
      code: 'bad_request',
      message,
      details: [
        {
          field: 'searchString',
          message,
          messageId: 'searchTooManyWildcards',
          params: { max: 8, position: 1 },
        },
      ],
    });
    expect(ms).toBeLessThan(LIVENESS_MS);
    expect(health.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(LIVENESS_MS);
  });

  it.each([
    ['items', '&itemType=video', false],
    ['items and folders', '', true],
  ])(
    'answers the most wildcards a word may hold with the matches (%s), and health answers meanwhile',
    async (_, extra, withFolders) => {
      const { res, ms, health, healthMs } = await searchWithHealthCheck('a*a*a*a*a*a*a*a*b', extra);

      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<SearchAnswer>();
      expect(answer.items.map((i) => [i.itemType, i.highlights.title])).toEqual([
        ...(withFolders ? [['folder', [[61, 121]]]] : []),
        ['video', [[61, 121]]],
      ]);
      expect(ms).toBeLessThan(LIVENESS_MS);
      expect(health.statusCode).toBe(200);
      expect(healthMs).toBeLessThan(LIVENESS_MS);
    },
  );
});
