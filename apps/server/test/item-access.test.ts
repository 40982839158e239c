import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeItem, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// PATCH /api/v1/items/{id} with visibleTo / updatableBy: what the item page's access dialog sends.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patch = (user: TestUser | null, id: string, body: object) =>
  t.call({ method: 'PATCH', url: `/api/v1/items/${id}`, body, ...(user ? { cookie: user.cookie } : {}) });
const getItem = (user: TestUser, id: string) =>
  t.call({ method: 'GET', url: `/api/v1/items/${id}`, cookie: user.cookie });
const accessOf = async (owner: TestUser, id: string) => {
  const { visibleTo, updatableBy } = (await getItem(owner, id)).json<ItemDto>();
  return { visibleTo, updatableBy };
};
const OPEN = { visibleTo: null, updatableBy: null };

describe('changing an item’s access', () => {
  it('saves owner-only visibility and selected-group updaters, answers them and records the change', async () => {
    const tt = await makeTenant(t);
    const desk = await t.services.groupsService.create(tt.root, { name: 'Desk' });
    const owner = await makeUser(t, tt, { roles: ['admin'] });
    const other = await makeUser(t, tt, { groupIds: [desk.id] });
    const id = await makeItem(t, tt, { ownerId: owner.id, title: 'Interview' });

    const res = await patch(owner, id, {
      visibleTo: { level: 'owner' },
      updatableBy: { level: 'selected_groups', groups: [desk.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemDto>()).toMatchObject({
      visibleTo: { level: 'owner', groups: [] },
      updatableBy: { level: 'selected_groups', groups: [desk.id] },
    });
    expect(await accessOf(owner, id)).toEqual({
      visibleTo: { level: 'owner', groups: [] },
      updatableBy: { level: 'selected_groups', groups: [desk.id] },
    });
    // Owner only: the desk member may no longer see it.
    expect((await getItem(other, id)).statusCode).toBe(404);
    const history = (
      await t.call({ method: 'GET', url: `/api/v1/items/${id}/history`, cookie: owner.cookie })
    )
      .json<Page<{ action: string }>>()
      .items.map((h) => h.action);
    expect(history).toContain('accessChanged');
  });

  it('opens a restricted item to the whole organisation again with null', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id, visibleTo: { level: 'owner', groups: [] } });
    expect((await getItem(other, id)).statusCode).toBe(404);
    expect((await patch(owner, id, { visibleTo: null })).statusCode).toBe(200);
    expect((await getItem(other, id)).statusCode).toBe(200);
  });

  it.each([
    [{ visibleTo: { level: 'nobody' } }, 'visibleTo', MESSAGES.badVisibleTo],
    [{ visibleTo: 'owner' }, 'visibleTo', MESSAGES.badVisibleTo],
    [{ updatableBy: { level: 'selected_groups', groups: 'desk' } }, 'updatableBy', MESSAGES.badUpdatableBy],
  ])('answers %j with 400 naming %s, and changes nothing', async (body, field, message) => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { roles: ['admin'] });
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const res = await patch(owner, id, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect(errorOf(res).message).toBe(message);
    expect(await accessOf(owner, id)).toEqual(OPEN);
  });

  it('answers a group of another tenant with 400 naming the field', async () => {
    const tt = await makeTenant(t);
    const foreign = await t.services.groupsService.create((await makeTenant(t)).root, { name: 'Foreign' });
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const id = await makeItem(t, tt, { ownerId: admin.id });
    const res = await patch(admin, id, { visibleTo: { level: 'selected_groups', groups: [foreign.id] } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['visibleTo']);
    expect(await accessOf(admin, id)).toEqual(OPEN);
  });

  it("answers 'owner only' from someone else than the owner with 403 and the spec's message", async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    // May change the lists at all (test/access/edit-restrictions.test.ts), but not to this level.
    const colleague = await makeUser(t, tt, { permissions: ['item.editRestrictions'] });
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const res = await patch(colleague, id, { visibleTo: { level: 'owner' } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.ownerOnlyAccess);
    expect(await accessOf(owner, id)).toEqual(OPEN);
  });

  it("answers the owner without general.setVisibleToSelf with 403 and the spec's message", async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['general.setVisibleToSelf']);
    const owner = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const res = await patch(owner, id, { updatableBy: { level: 'owner' } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.ownerOnlyAccess);
    expect(await accessOf(owner, id)).toEqual(OPEN);
  });

  it("answers selected groups from a user who may not restrict to groups with 403 and the spec's message", async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['general.setVisibleToGroups']);
    const desk = await t.services.groupsService.create(tt.root, { name: 'Desk' });
    const sports = await t.services.groupsService.create(tt.root, { name: 'Sports' });
    // Not only the user's own primary group: that one pick is allowed to everyone (spec §5).
    const owner = await makeUser(t, tt, { groupIds: [desk.id] });
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const res = await patch(owner, id, { visibleTo: { level: 'selected_groups', groups: [sports.id] } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.restrictToGroups);
    expect(await accessOf(owner, id)).toEqual(OPEN);
  });

  it('answers 401 without a session and 404 for another tenant’s item, which keeps its access', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    const body = { visibleTo: { level: 'owner' } };
    expect((await patch(null, id, body)).statusCode).toBe(401);
    expect((await patch(stranger, id, body)).statusCode).toBe(404);
    expect(await accessOf(owner, id)).toEqual(OPEN);
  });
});
