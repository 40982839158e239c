import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestTaskDto } from '../src/modules/shares/request-tasks.service.ts';
import type { ShareDetailDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const REQUESTER = ['share.requestUpload', 'item.create', 'item.upload'] as const;
type Tasks = { items: RequestTaskDto[]; counts: Record<string, number>; total: number };
const list = (user: TestUser | undefined, query = '') =>
  t.call({ method: 'GET', url: `/api/v1/tasks/requests${query}`, ...(user ? { cookie: user.cookie } : {}) });

async function uploadRequest(tt: TestTenant, owner: TestUser, folderId: string, title: string) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/shares',
    cookie: owner.cookie,
    body: {
      kind: 'uploadRequest',
      title,
      folderId,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 3,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<ShareDetailDto>();
}

describe('upload requests in My tasks', () => {
  it('lists the caller’s own; revoked or expired without files is Cancelled; task.listAll sees everyone’s in the tenant only', async () => {
    const tt = await makeTenant(t);
    const folder = await makeFolder(t, tt, 'Inbox');
    const owner = await makeUser(t, tt, { permissions: [...REQUESTER], name: 'Olga Owner' });
    const colleague = await makeUser(t, tt, { permissions: [...REQUESTER] });
    const lead = await makeUser(t, tt, { permissions: ['task.listAll'] });
    const open = await uploadRequest(tt, owner, folder.id, 'Open');
    const revoked = await uploadRequest(tt, owner, folder.id, 'Revoked');
    const expired = await uploadRequest(tt, owner, folder.id, 'Expired');
    const theirs = await uploadRequest(tt, colleague, folder.id, 'Theirs');
    await t.call({ method: 'DELETE', url: `/api/v1/shares/${revoked.id}`, cookie: owner.cookie });
    await t.services.sharesRepository.update(tt.tenant.id, expired.id, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    // Another tenant's request never shows.
    const elsewhere = await makeTenant(t);
    const stranger = await makeUser(t, elsewhere, { permissions: [...REQUESTER] });
    await uploadRequest(elsewhere, stranger, (await makeFolder(t, elsewhere, 'Inbox')).id, 'Elsewhere');

    const mine = (await list(owner)).json<Tasks>();
    expect(mine.items.map((r) => [r.title, r.status, r.owner?.name])).toEqual([
      ['Expired', 'cancelled', 'Olga Owner'],
      ['Revoked', 'cancelled', 'Olga Owner'],
      ['Open', 'pending', 'Olga Owner'],
    ]);
    expect(mine.counts).toEqual({ pending: 1, queued: 0, inProgress: 0, done: 0, cancelled: 2, error: 0 });
    expect((await list(owner, '?status=pending')).json<Tasks>().items.map((r) => r.id)).toEqual([open.id]);

    const everyone = (await list(lead, '?scope=all')).json<Tasks>();
    expect(everyone.total).toBe(4);
    expect(everyone.items.map((r) => r.id)).toContain(theirs.id);
  });

  it('answers 401 without a session', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('answers 403 for everyone’s requests without task.listAll', async () => {
    const tt = await makeTenant(t);
    const res = await list(await makeUser(t, tt, { permissions: [...REQUESTER] }), '?scope=all');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noTaskListAllPermission);
  });

  it('answers 400 naming the field', async () => {
    const user = await makeUser(t, await makeTenant(t));
    const res = await list(user, '?status=lost');
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['status']);
  });
});
