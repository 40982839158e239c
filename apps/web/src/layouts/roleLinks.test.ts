import { describe, expect, it } from 'vitest';
import type { Me, Roles } from '../api/types.ts';
import { visibleRoleLinks } from './roleLinks.ts';

function meWith(roles: Partial<Roles>): Me {
  return {
    user: {
      id: 'u',
      email: 'a@b.test',
      name: 'A',
      language: null,
      groups: [],
      permissions: [],
      roles: [],
      active: true,
      hidden: false,
      external: false,
      mfaEnabled: false,
    },
    tenant: { id: 't', name: 'T', slug: 't', timezone: 'UTC', mfaEnforced: false, forbiddenExtensions: [] },
    permissions: [],
    roles: {
      superAdmin: false,
      admin: false,
      tenantAdmin: false,
      support: false,
      specialAdmin: false,
      ...roles,
    },
    mfaSetupRequired: false,
  };
}

const keys = (me: Me, paths: string[]) => visibleRoleLinks(me, new Set(paths)).map((l) => l.key);

describe('Support and Admin menu entries', () => {
  it('stay hidden while their screens are not built, whatever the roles', () => {
    expect(keys(meWith({ support: true, superAdmin: true, admin: true }), ['/', '/user-settings'])).toEqual(
      [],
    );
  });

  it('show Support only to support staff once /support exists', () => {
    expect(keys(meWith({ support: true }), ['/support', '/admin'])).toEqual(['support']);
    expect(keys(meWith({ tenantAdmin: true }), ['/support', '/admin'])).toEqual([]);
  });

  it('show My Organization to tenant administrators only', () => {
    expect(keys(meWith({ tenantAdmin: true }), ['/my-organisation'])).toEqual(['myOrganization']);
    expect(keys(meWith({ support: true }), ['/my-organisation'])).toEqual([]);
    expect(keys(meWith({}), ['/my-organisation'])).toEqual([]);
  });

  it('show Admin to super administrators and administrators once /admin exists', () => {
    expect(keys(meWith({ superAdmin: true }), ['/admin'])).toEqual(['admin']);
    expect(keys(meWith({ admin: true }), ['/admin'])).toEqual(['admin']);
    expect(keys(meWith({ tenantAdmin: true }), ['/admin'])).toEqual([]);
  });
});
