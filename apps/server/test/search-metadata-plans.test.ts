// How a search without text picks the field filter whose rows drive its count, and what the sample
// of items it decides by holds (metadata-drive.ts; both engines: run with DATABASE_URL for
// PostgreSQL, where the sample is taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchQuery, type MetadataMatch } from '@skald/domain';
import type { Kysely } from 'kysely';
import { engineOf } from '../src/db/engine.ts';
import { WALK_FROM, heldInElements, withDateRanges } from '../src/search/metadata-condition.ts';
import {
  drivingFilter,
  itemsSample,
  type MetadataNode,
  type MetadataPlans,
} from '../src/search/metadata-drive.ts';
import { conjunctsOf } from '../src/search/search-request.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';

const FIELDS = new Set(['rights', 'shot', 'story']);

function filters(search: string): MetadataNode[] {
  const parsed = parseSearchQuery(search, { metadataFields: FIELDS });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return withDateRanges(conjunctsOf(parsed.query)).filter((n): n is MetadataNode => n.kind === 'metadata');
}

function match(search: string): MetadataMatch {
  const [node] = filters(search);
  if (!node) throw new Error('one filter expected');
  return node.match;
}

describe('a sampled item matching a filter', () => {
  const held = (search: string, elements: string[]) =>
    heldInElements(filters(search)[0]?.fieldId ?? '', match(search), elements);

  it.each([
    ['rights:web', ['rights:web'], true],
    ['rights:web', ['rights:print', 'shot:web'], false],
    ['story:"oslo harbour"', ['story:oslo', 'story:harbour', 'story:oslo harbour'], true],
    ['story:"oslo harbour"', ['story:oslo', 'story:harbour'], false],
    ['story:harb*', ['story:harbour'], true],
    ['story:harb*', ['story:harp', 'rights:harbour'], false],
    ['shot:<2026-03-01', ['shot:#d:2026-02-28'], true],
    ['shot:<2026-03-01', ['shot:#d:2026-03-01'], false],
    ['shot:<=2026-03-01', ['shot:#d:2026-03-01'], true],
    ['shot:>2026-03-01', ['shot:#d:2026-03-01'], false],
    ['shot:>=2026-03-01 shot:<2026-04-01', ['shot:#d:2026-03-31'], true],
    ['shot:>=2026-03-01 shot:<2026-04-01', ['shot:#d:2026-04-01', 'shot:#d:2026-02-28'], false],
    // A value too long for the row may hold anything: it counts as held.
    ['story:"oslo harbour"', ['story:#long'], true],
  ])('%s against %j: %s', (search, elements, expected) => {
    expect(held(search, elements)).toBe(expected);
  });

  it('has no answer for a pattern, whose terms the sample cannot range over', () => {
    expect(held('story:h?rbour', ['story:harbour'])).toBeUndefined();
  });
});

describe('the filter that drives a count', () => {
  const [rights, shot] = filters('rights:web shot:<2026-03-01');
  const plans = (a: { rows: number; share?: number }, b: { rows: number; share?: number }): MetadataPlans =>
    new Map([
      [rights as MetadataNode, { plan: 'exists' as const, ...a }],
      [shot as MetadataNode, { plan: 'exists' as const, ...b }],
    ]);

  it('is the one with fewer rows', () => {
    expect(drivingFilter(plans({ rows: WALK_FROM }, { rows: 12_000 }), 'count')).toBe(shot);
    expect(drivingFilter(plans({ rows: 9_000 }, { rows: 12_000 }), 'count')).toBe(rights);
  });

  it('is, of two counted only up to the bound, the one matching less of the sample', () => {
    expect(
      drivingFilter(plans({ rows: WALK_FROM, share: 0.2 }, { rows: WALK_FROM, share: 0.05 }), 'count'),
    ).toBe(shot);
    expect(
      drivingFilter(plans({ rows: WALK_FROM, share: 0.2 }, { rows: WALK_FROM, share: 0.6 }), 'count'),
    ).toBe(rights);
    // Without a sample, the first.
    expect(drivingFilter(plans({ rows: WALK_FROM }, { rows: WALK_FROM }), 'count')).toBe(rights);
  });
});

describe('the sample of items', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("holds the short values of the tenant's live items only (PostgreSQL)", async (ctx) => {
    if (engineOf(t.services.db as unknown as Kysely<unknown>) !== 'postgres') ctx.skip();
    const tt = await makeTenant(t);
    const other = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const otherAdmin = await makeUser(t, other, { roles: ['admin'] });
    const form = {
      id: 'desk',
      label: 'Desk',
      active: true,
      fields: [{ fieldId: 'rights', label: 'Rights', type: 'Text' }],
    };
    for (const [who, value] of [
      [admin, 'web'],
      [admin, 'print'],
      [otherAdmin, 'radio'],
    ] as const) {
      if (value !== 'print') {
        const res = await t.call({ method: 'POST', url: '/api/v1/forms', cookie: who.cookie, body: form });
        expect(res.statusCode, res.body).toBe(201);
      }
      const id = await makeItem(t, who === admin ? tt : other, { ownerId: who.id, title: value });
      const res = await t.call({
        method: 'PATCH',
        url: `/api/v1/items/${id}/metadata`,
        cookie: who.cookie,
        body: { forms: { desk: { rights: value } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      if (value === 'print') {
        expect(
          (await t.call({ method: 'DELETE', url: `/api/v1/items/${id}`, cookie: who.cookie })).statusCode,
        ).toBe(204);
      }
    }
    // The test's table is small: every page is read.
    const sample = await itemsSample(t.services.db, tt.tenant.id, 1);
    expect(sample).toEqual([['rights:web']]);
    // Too few of the tenant's items: no sample.
    expect(await itemsSample(t.services.db, tt.tenant.id, 2)).toEqual([]);
  });
});
