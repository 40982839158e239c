import { checkVisibility, type Access } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedOf } from '../../src/access/guarded.ts';
import type { Identity } from '../../src/identity/identity.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser } from '../support/factories.ts';
import { makeFolder, makeItem } from '../support/items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the SQL visibility filter', () => {
  it('agrees with the domain’s checkVisibility for every user and access setting of a seeded matrix', async () => {
    const tt = await makeTenant(t);
    const [desk, sport, night] = await Promise.all(
      ['Desk', 'Sport', 'Night'].map((name) => t.services.groupsService.create(tt.root, { name })),
    );
    if (!desk || !sport || !night) throw new Error('groups');
    const users = await Promise.all([
      makeUser(t, tt),
      makeUser(t, tt, { groupIds: [desk.id] }),
      makeUser(t, tt, { groupIds: [sport.id, night.id] }),
      makeUser(t, tt, { roles: ['admin'] }),
      makeUser(t, tt, { permissions: ['general.tenantWideRead'] }),
    ]);
    const owners = [users[0].id, users[1].id];
    const settings: (Access | null)[] = [
      null,
      { level: 'tenant', groups: [] },
      { level: 'owner', groups: [] },
      { level: 'selected_groups', groups: [desk.id] },
      { level: 'selected_groups', groups: [sport.id, desk.id] },
      { level: 'selected_groups', groups: [night.id] },
    ];
    const folder = await makeFolder(t, tt, 'Matrix');
    for (const ownerId of owners) {
      for (const visibleTo of settings) await makeItem(t, tt, { ownerId, folderId: folder.id, visibleTo });
    }
    const everything = await t.services.itemsService.list(tt.root, folder.id, {
      from: 0,
      itemsPerPage: 500,
      sort: 'title',
      order: 'asc',
    });
    expect(everything.total).toBe(owners.length * settings.length);
    const rows = await t.services.itemsRepository.byIds(
      tt.tenant.id,
      everything.items.map((i) => i.id),
    );
    const groups = await t.services.accessRepository.groupsOf(
      tt.tenant.id,
      rows.map((r) => r.id),
    );
    for (const user of users) {
      const identity = (await t.services.identityLoader.load(tt.tenant.id, user.id)) as Identity;
      const listed = await t.services.itemsService.list(identity, folder.id, {
        from: 0,
        itemsPerPage: 500,
        sort: 'title',
        order: 'asc',
      });
      const expected = rows.filter(
        (r) => checkVisibility(identity.principal, guardedOf(r, groups.get(r.id))) === 'allowed',
      );
      expect(listed.items.map((i) => i.id).sort()).toEqual(expected.map((r) => r.id).sort());
      expect(listed.total).toBe(expected.length);
    }
  });

  it('follows access changes of items and folders: the row’s copy of its groups is rewritten with them', async () => {
    const tt = await makeTenant(t);
    const [desk, sport] = await Promise.all(
      ['Desk', 'Sport'].map((name) => t.services.groupsService.create(tt.root, { name })),
    );
    if (!desk || !sport) throw new Error('groups');
    const reader = await makeUser(t, tt, { groupIds: [sport.id] });
    const identity = (await t.services.identityLoader.load(tt.tenant.id, reader.id)) as Identity;
    const folder = await makeFolder(t, tt, 'Desk only', {
      visibleTo: { level: 'selected_groups', groups: [desk.id] },
    });
    const item = await makeItem(t, tt, {
      ownerId: tt.root.user.id,
      folderId: folder.id,
      visibleTo: { level: 'selected_groups', groups: [desk.id] },
    });
    const root = await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id);
    const sees = async () => ({
      folder: (
        await t.services.foldersService.children(identity, root.id, { from: 0, itemsPerPage: 50 })
      ).items.some((f) => f.id === folder.id),
      item: (
        await t.services.itemsService.list(identity, folder.id, {
          from: 0,
          itemsPerPage: 50,
          sort: 'title',
          order: 'asc',
        })
      ).items.some((i) => i.id === item),
    });
    await expect(
      t.services.itemsService.list(identity, folder.id, {
        from: 0,
        itemsPerPage: 50,
        sort: 'title',
        order: 'asc',
      }),
    ).rejects.toThrow();

    const both = { level: 'selected_groups' as const, groups: [sport.id, desk.id] };
    await t.services.foldersService.update(tt.root, folder.id, { visibleTo: both });
    await t.services.itemsService.update(tt.root, item, { visibleTo: both });
    expect(await sees()).toEqual({ folder: true, item: true });

    await t.services.itemsService.update(tt.root, item, {
      visibleTo: { level: 'selected_groups', groups: [desk.id] },
    });
    expect(await sees()).toEqual({ folder: true, item: false });

    await t.services.itemsService.update(tt.root, item, { visibleTo: null });
    await t.services.foldersService.update(tt.root, folder.id, { visibleTo: { level: 'owner', groups: [] } });
    const rows = await t.services.itemsRepository.byIds(tt.tenant.id, [item]);
    expect(rows[0]?.visible_groups).toBe('');
    await expect(sees()).rejects.toThrow();
  });
});
