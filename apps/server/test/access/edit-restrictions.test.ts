import { MESSAGES, type Access, type Permission, type Role } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderDto } from '../../src/modules/folders/folders.service.ts';
import type { ItemDto } from '../../src/modules/items/items.presenter.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeFolder, makeItem } from '../support/items.ts';
import { errorOf } from '../support/responses.ts';

// Spec §6 item.editRestrictions: who may change an item's or a folder's visible-to / updatable-by.
// The demo's case: the viewer restricted the administrator's item to Viewers and the editor lost it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Desk {
  tt: TestTenant;
  viewers: string;
  editors: string;
  admin: TestUser;
  editor: TestUser;
}

/** An administrator, an editor in Editors, and whoever the case needs in Viewers. */
async function desk(): Promise<Desk> {
  const tt = await makeTenant(t);
  const viewers = (await t.services.groupsService.create(tt.root, { name: 'Viewers' })).id;
  const editors = (await t.services.groupsService.create(tt.root, { name: 'Editors' })).id;
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { groupIds: [editors] });
  return { tt, viewers, editors, admin, editor };
}

const toViewers = (d: Desk): { visibleTo: Access } => ({
  visibleTo: { level: 'selected_groups', groups: [d.viewers] },
});

interface Subject {
  kind: string;
  /** Makes the item or folder, owned by `ownerId`, visible to the organisation. */
  make: (d: Desk, ownerId: string) => Promise<string>;
  url: (id: string) => string;
}

const SUBJECTS: readonly Subject[] = [
  {
    kind: 'an item',
    make: (d, ownerId) => makeItem(t, d.tt, { ownerId, title: 'Interview' }),
    url: (id) => `/api/v1/items/${id}`,
  },
  {
    kind: 'a folder',
    make: async (d, ownerId) => {
      const folder = await makeFolder(t, d.tt, 'Desk');
      await t.services.db
        .updateTable('folders')
        .set({ owner_id: ownerId })
        .where('id', '=', folder.id)
        .execute();
      return folder.id;
    },
    url: (id) => `/api/v1/folders/${id}`,
  },
];

type Caller = 'viewer' | 'editor' | 'owner' | 'admin' | 'holder';

interface Case {
  who: string;
  caller: Caller;
  status: number;
}

// Everyone below may update the subject (the organisation's default item.update / folder.update).
const CASES: readonly Case[] = [
  { who: 'a viewer without item.editRestrictions', caller: 'viewer', status: 403 },
  { who: 'an editor without item.editRestrictions', caller: 'editor', status: 403 },
  { who: 'the owner without item.editRestrictions', caller: 'owner', status: 200 },
  { who: 'an administrator who is not the owner', caller: 'admin', status: 200 },
  { who: 'a user holding item.editRestrictions', caller: 'holder', status: 200 },
];

async function callerFor(d: Desk, caller: Caller, owner: TestUser): Promise<TestUser> {
  // Restricting to groups needs general.setVisibleToGroups in any case (spec §5); getGroups implies it.
  const inViewers = (permissions: Permission[], roles: Role[] = []) =>
    makeUser(t, d.tt, { groupIds: [d.viewers], permissions: ['general.getGroups', ...permissions], roles });
  switch (caller) {
    case 'viewer':
      return inViewers([]);
    case 'editor':
      return d.editor;
    case 'owner':
      return owner;
    case 'admin':
      return d.admin;
    case 'holder':
      return inViewers(['item.editRestrictions']);
  }
}

describe.each(SUBJECTS)('changing the access of $kind', ({ make, url }) => {
  it.each(CASES)('answers $status to $who', async ({ caller, status }) => {
    const d = await desk();
    const owner = await makeUser(t, d.tt, { groupIds: [d.viewers], permissions: ['general.getGroups'] });
    const id = await make(d, owner.id);
    const user = await callerFor(d, caller, owner);

    const res = await t.call({ method: 'PATCH', url: url(id), cookie: user.cookie, body: toViewers(d) });
    expect(res.statusCode).toBe(status);
    const seenByEditor = await t.call({ method: 'GET', url: url(id), cookie: d.editor.cookie });
    if (status === 403) {
      expect(res.json()).toEqual({
        error: { code: 'forbidden', message: MESSAGES.noEditRestrictionsPermission },
      });
      // Nothing changed: the editor still sees it.
      expect(seenByEditor.statusCode).toBe(200);
      expect(seenByEditor.json<{ visibleTo: Access | null }>().visibleTo).toBeNull();
    } else {
      expect(seenByEditor.statusCode).toBe(404);
    }
  });

  it('refuses an editor opening a restricted one up, and the updatable-by list too', async () => {
    const d = await desk();
    const id = await make(d, d.admin.id);
    const restricted = { level: 'selected_groups', groups: [d.editors] } as const;
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: url(id),
          cookie: d.admin.cookie,
          body: { updatableBy: restricted },
        })
      ).statusCode,
    ).toBe(200);
    for (const body of [{ updatableBy: null }, { visibleTo: { level: 'owner' } }]) {
      const res = await t.call({ method: 'PATCH', url: url(id), cookie: d.editor.cookie, body });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.noEditRestrictionsPermission);
    }
    const after = await t.call({ method: 'GET', url: url(id), cookie: d.admin.cookie });
    expect(after.json<{ updatableBy: Access | null }>().updatableBy).toEqual(restricted);
  });

  it('lets a user without the permission send back the lists it has, with other changes', async () => {
    const d = await desk();
    const id = await make(d, d.admin.id);
    const current = { visibleTo: null, updatableBy: null };
    const rename = url(id).includes('/items/') ? { title: 'Renamed' } : { name: 'Renamed' };
    const res = await t.call({
      method: 'PATCH',
      url: url(id),
      cookie: d.editor.cookie,
      body: { ...rename, ...current },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemDto | FolderDto>()).toMatchObject({ ...rename, ...current });
  });
});

describe('creating a folder with access', () => {
  it('is the creator’s own choice: no item.editRestrictions needed', async () => {
    const d = await desk();
    const creator = await makeUser(t, d.tt, { groupIds: [d.viewers], permissions: ['general.getGroups'] });
    const root = await t.call({ method: 'GET', url: '/api/v1/folders/root', cookie: creator.cookie });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/folders',
      cookie: creator.cookie,
      body: { name: 'Mine', parentId: root.json<FolderDto>().id, ...toViewers(d) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<FolderDto>().visibleTo).toEqual(toViewers(d).visibleTo);
  });
});
