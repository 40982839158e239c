import { expandPermissions, type Permission, type Principal } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { itemAbilities } from './itemAbilities.ts';

const principal = (permissions: Permission[]): Principal => ({
  userId: 'me',
  tenantId: 't',
  roles: [],
  permissions: expandPermissions(permissions),
  groupIds: [],
  primaryGroupId: null,
  organisationGroupId: 'org',
  isAdminTenant: false,
  external: false,
});

describe('itemAbilities', () => {
  it('offers moving to a user who may update and move items, and no one else', () => {
    expect(itemAbilities(principal(['item.update', 'item.move'])).move).toBe(true);
    expect(itemAbilities(principal(['item.move'])).move).toBe(false);
    expect(itemAbilities(principal(['item.update'])).move).toBe(false);
    expect(itemAbilities(principal([])).move).toBe(false);
  });

  it("offers deleting any item with item.delete, else only among one's own", () => {
    const viewer = itemAbilities(principal([]));
    expect(viewer.deleteOf(['someone'])).toBe(false);
    expect(viewer.deleteOf(['someone', 'me'])).toBe(true);
    expect(viewer.deleteOf([])).toBe(false);
    expect(itemAbilities(principal(['item.delete'])).deleteOf(['someone'])).toBe(true);
  });
});
