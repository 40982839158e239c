import { DAY_MS, type UsageState } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString();
const get = (user: TestUser, url: string) => t.call({ method: 'GET', url, cookie: user.cookie });

interface Scene {
  tt: TestTenant;
  admin: TestUser;
  items: Record<'old' | 'soon' | 'fresh' | 'plain' | 'archived', string>;
}

/**
 * A Rights form whose Web context ends 10 days after ingest and whose Archive context ended
 * yesterday (never warning); items holding Rights values ingested 30, 5 and 0 days ago, one without.
 */
async function scene(): Promise<Scene> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const form = await t.call({
    method: 'POST',
    url: '/api/v1/forms',
    cookie: admin.cookie,
    body: {
      id: 'rights',
      label: 'Rights',
      active: true,
      fields: [{ fieldId: 'holder', label: 'Holder', type: 'Text' }],
      usageRules: [
        {
          identifier: { key: 'web', label: 'Web' },
          contexts: [
            {
              name: 'Online',
              validity: {
                from: { offsetFrom: 'forever' },
                to: { offsetFrom: 'ingest_time', untilNumberOfDays: 10 },
              },
              warningLevel: 'upon_expiry',
            },
          ],
        },
      ],
    },
  });
  expect(form.statusCode).toBe(201);
  const make = async (title: string, age: number, rights: boolean) => {
    const id = await makeItem(t, tt, { ownerId: admin.id, title, createdAt: daysAgo(age) });
    if (rights) {
      const res = await t.call({
        method: 'PATCH',
        url: `/api/v1/items/${id}/metadata`,
        cookie: admin.cookie,
        body: { forms: { rights: { holder: 'NTB' } } },
      });
      expect(res.statusCode).toBe(200);
    }
    return id;
  };
  return {
    tt,
    admin,
    items: {
      old: await make('Old', 30, true),
      soon: await make('Soon', 5, true),
      fresh: await make('Fresh', 0, true),
      plain: await make('Plain', 30, false),
      archived: await make('Archived', 1, false),
    },
  };
}

describe('usage state of items', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene();
  });

  it('GET /items/usage says each item’s state and whether it warns', async () => {
    const ids = Object.values(s.items).join(',');
    const res = await get(s.admin, `/api/v1/items/usage?ids=${ids}`);
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      res
        .json<{ items: { itemId: string; state: UsageState; warn: boolean }[] }>()
        .items.map((u) => [u.itemId, u]),
    );
    expect(byId.get(s.items.old)).toMatchObject({ state: 'expired', warn: true });
    expect(byId.get(s.items.soon)).toMatchObject({ state: 'valid', warn: false });
    expect(byId.get(s.items.plain)).toMatchObject({ state: 'valid', warn: false });
  });

  it.each<[string, string[]]>([
    ['usage=expired', ['old']],
    ['usage=valid', ['soon', 'fresh', 'plain', 'archived']],
    ['usage=expiring&usageWithinDays=7', ['soon']],
    ['usage=expiring&usageWithinDays=30', ['soon', 'fresh']],
    // With a field filter, which PostgreSQL checks before the verdict, and with words beside it.
    ['usage=valid&searchString=holder:ntb', ['soon', 'fresh']],
    ['usage=expired&searchString=holder:ntb', ['old']],
    ['usage=expiring&usageWithinDays=30&searchString=holder:ntb', ['soon', 'fresh']],
    ['usage=valid&searchString=soon%20holder:ntb', ['soon']],
    ['usage=valid&searchString=old%20holder:ntb', []],
    ['usage=expired&searchString=old%20holder:ntb', ['old']],
    ['usage=expired&searchString=-holder:ntb', []],
  ])(
    'search with %s finds the items in that state, as GET /items/usage judges them',
    async (filter, names) => {
      const ids = Object.values(s.items).join(',');
      const res = await get(s.admin, `/api/v1/search?${filter}&itemId=${ids}&itemsPerPage=50`);
      expect(res.statusCode).toBe(200);
      const found = res.json<{ items: { id: string }[] }>().items.map((i) => i.id);
      const expected = names.map((n) => s.items[n as keyof Scene['items']]);
      expect(found.sort()).toEqual([...expected].sort());
    },
  );

  it('leaves out another tenant’s items and the ones the caller cannot see', async () => {
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    const res = await get(stranger, `/api/v1/items/usage?ids=${s.items.old}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: unknown[] }>().items).toEqual([]);
    const hidden = await makeItem(t, s.tt, {
      ownerId: s.admin.id,
      visibleTo: { level: 'owner', groups: [] },
    });
    const viewer = await makeUser(t, s.tt);
    const seen = await get(viewer, `/api/v1/items/usage?ids=${hidden},${s.items.old}`);
    expect(seen.json<{ items: { itemId: string }[] }>().items.map((i) => i.itemId)).toEqual([s.items.old]);
  });

  it('answers 401 without a session and 400 naming the parameter', async () => {
    expect((await t.call({ method: 'GET', url: `/api/v1/items/usage?ids=${s.items.old}` })).statusCode).toBe(
      401,
    );
    const bad = await get(s.admin, '/api/v1/items/usage?ids=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)[0]).toMatch(/^ids/);
    const none = await get(s.admin, '/api/v1/items/usage?ids=');
    expect(none.statusCode).toBe(400);
    const search = await get(s.admin, '/api/v1/search?usage=sometimes');
    expect(search.statusCode).toBe(400);
    expect(fieldsOf(search)).toContain('usage');
    const days = await get(s.admin, '/api/v1/search?usage=expiring&usageWithinDays=0');
    expect(errorOf(days).details?.map((d) => d.field)).toContain('usageWithinDays');
  });
});
