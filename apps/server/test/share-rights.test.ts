import { MESSAGES, formatMessage } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharePageDto } from '../src/modules/shares/share-links.service.ts';
import type { ShareDetailDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const yesterday = () => new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);

/** A tenant whose Rights form's usage rule ended yesterday; one item holds its values, one does not. */
async function setup() {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { permissions: ['share.shareMedia'], name: 'Eva Editor' });
  const form = await call(admin, 'POST', '/api/v1/forms', {
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
              to: { offsetFrom: 'absolute', absoluteDate: yesterday() },
            },
            warningLevel: 'upon_expiry',
          },
        ],
      },
    ],
  });
  expect(form.statusCode).toBe(201);
  const expired = await makeItem(t, tt, { ownerId: editor.id, title: 'Licensed clip' });
  const free = await makeItem(t, tt, { ownerId: editor.id, title: 'Own clip' });
  const values = await call(admin, 'PATCH', `/api/v1/items/${expired}/metadata`, {
    forms: { rights: { holder: 'NTB' } },
  });
  expect(values.statusCode).toBe(200);
  return { editor, expired, free };
}

describe('usage rules on shares', () => {
  it('asks before sharing an item whose rights have expired (409 naming confirmRights)', async () => {
    const { editor, expired, free } = await setup();
    const body = { title: 'Rushes', expiresAt: tomorrow(), maxUses: 2, itemIds: [expired, free] };
    const refused = await call(editor, 'POST', '/api/v1/shares', body);
    expect(refused.statusCode).toBe(409);
    expect(fieldsOf(refused)).toEqual(['confirmRights']);
    expect(errorOf(refused).message).toBe(formatMessage(MESSAGES.shareRightsExpired, { count: 1 }));
    // An item without rules is shared without asking.
    expect((await call(editor, 'POST', '/api/v1/shares', { ...body, itemIds: [free] })).statusCode).toBe(201);

    const confirmed = await call(editor, 'POST', '/api/v1/shares', { ...body, confirmRights: true });
    expect(confirmed.statusCode).toBe(201);
    const link = confirmed.json<ShareDetailDto>().link;
    const page = await t.call({
      method: 'GET',
      url: `/api/v1/public/shares/${link.slice(link.lastIndexOf('/') + 1)}`,
    });
    expect(page.statusCode).toBe(200);
    const items = page.json<SharePageDto>().items;
    expect(items.map((i) => [i.title, i.rightsWarning?.outside ?? null])).toEqual([
      ['Licensed clip', true],
      ['Own clip', null],
    ]);
    expect(items[0]?.rightsWarning?.expiredAt?.slice(0, 10)).toBe(yesterday());
  });

  it('refuses a confirmRights that is not a boolean, naming it', async () => {
    const { editor, free } = await setup();
    const res = await call(editor, 'POST', '/api/v1/shares', {
      title: 'X',
      expiresAt: tomorrow(),
      maxUses: 2,
      itemIds: [free],
      confirmRights: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['confirmRights']);
  });
});
