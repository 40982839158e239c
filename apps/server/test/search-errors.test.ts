import type { QueryNode } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/plugins/errors.ts';
import { MAX_WILDCARD_WORDS, expandWildcards } from '../src/search/wildcards.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { errorOf } from './support/responses.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t, await makeTenant(t));
});
afterAll(async () => t.close());

const search = (searchString: string) =>
  t.call({
    method: 'GET',
    url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}`,
    cookie: user.cookie,
  });

describe('GET /api/v1/search: refusals a client can say in its own language', () => {
  it.each([
    [
      'news AND',
      'AND needs a search term after it (at character 6)',
      'searchNeedsTermAfter',
      { operator: 'AND' },
      6,
    ],
    ['"abc', 'This quote is never closed (at character 1)', 'searchQuoteNotClosed', {}, 1],
    [
      'a created:2026-02-30',
      '2026-02-30 is not a date in the calendar (at character 11)',
      'searchNotADate',
      { date: '2026-02-30' },
      11,
    ],
  ])(
    'answers %j with the English text and its message id, values and position',
    async (q, message, id, params, position) => {
      const res = await search(q);

      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'bad_request',
        message,
        details: [{ field: 'searchString', message, messageId: id, params: { ...params, position } }],
      });
    },
  );
});

describe('expandWildcards', () => {
  const wildcard: QueryNode = {
    kind: 'text',
    match: { kind: 'wildcard', pattern: 't*e', prefix: null },
    field: null,
    span: { start: 0, end: 3 },
  };

  it('refuses a wildcard that stands for too many words with the message id and the pattern', async () => {
    const words = (_: string, limit: number) =>
      Promise.resolve(Array.from({ length: limit }, (_, i) => `t${i}e`));

    const refusal = await expandWildcards(wildcard, words).catch((err: unknown) => err);

    expect(refusal).toBeInstanceOf(AppError);
    const message = 'The wildcard t*e matches too many words; make it more specific';
    expect(refusal).toMatchObject({
      code: 'bad_request',
      message,
      details: [
        { field: 'searchString', message, messageId: 'searchWildcardTooBroad', params: { pattern: 't*e' } },
      ],
    });
  });

  it(`expands a wildcard that stands for ${MAX_WILDCARD_WORDS} words`, async () => {
    const words = () => Promise.resolve(Array.from({ length: MAX_WILDCARD_WORDS }, (_, i) => `t${i}e`));

    const expanded = await expandWildcards(wildcard, words);

    const children =
      expanded !== null && expanded !== 'nothing' && expanded.kind === 'or' ? expanded.children : [];
    expect(children).toHaveLength(MAX_WILDCARD_WORDS);
  });

  it(`refuses wildcards that together stand for more than ${MAX_WILDCARD_WORDS} words, naming the one that tips over`, async () => {
    const second: QueryNode = { ...wildcard, match: { kind: 'wildcard', pattern: 'x?y', prefix: null } };
    const asked: number[] = [];
    const words = (pattern: string, limit: number) => {
      asked.push(limit);
      return Promise.resolve(Array.from({ length: Math.min(300, limit) }, (_, i) => `${pattern}${i}`));
    };

    const refusal = await expandWildcards({ kind: 'and', children: [wildcard, second] }, words).catch(
      (err: unknown) => err,
    );

    expect(refusal).toMatchObject({
      details: [{ messageId: 'searchWildcardTooBroad', params: { pattern: 'x?y' } }],
    });
    expect(asked).toEqual([MAX_WILDCARD_WORDS + 1, MAX_WILDCARD_WORDS - 300 + 1]);
  });
});
