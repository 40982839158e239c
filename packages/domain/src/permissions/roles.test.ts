import { describe, expect, it } from 'vitest';
import { makePrincipal } from '../test-support/principals.ts';
import { ALL_PERMISSIONS, type Permission } from './catalogue.ts';
import {
  ADMIN_GRANTS,
  ROLES,
  effectivePermissions,
  hasPermission,
  isAdmin,
  isSpecialAdmin,
  isSuperAdmin,
  isSupport,
  isTenantAdmin,
  type Principal,
} from './roles.ts';

const plain = makePrincipal();
const superAdmin = makePrincipal({ roles: ['superAdmin'] });
const admin = makePrincipal({ roles: ['admin'] });
const support = makePrincipal({ roles: ['support'] });
const tenantInfo = makePrincipal({ permissions: ['userManagement.tenantInfo'] });
const tenantSupport = makePrincipal({ permissions: ['userManagement.tenantSupport'] });
const superAdminOnAdminTenant = makePrincipal({ roles: ['superAdmin'], isAdminTenant: true });
const adminOnAdminTenant = makePrincipal({ roles: ['admin'], isAdminTenant: true });
const plainOnAdminTenant = makePrincipal({ isAdminTenant: true });
const supportAndAdmin = makePrincipal({ roles: ['support', 'admin'] });
const creator = makePrincipal({ permissions: ['item.create'] });

describe('roles', () => {
  it('are super admin, admin and support', () => {
    expect(ROLES).toEqual(['superAdmin', 'admin', 'support']);
  });
});

describe('hasPermission', () => {
  it.each<[string, Principal, Permission, boolean]>([
    ['a super admin', superAdmin, 'allTenants.billing', true],
    ['a super admin', superAdmin, 'item.delete', true],
    ['a super admin', superAdmin, 'general.tenantWideWrite', true],
    ['an admin', admin, 'item.reprocess', true],
    ['an admin', admin, 'item.changeOwner', true],
    ['an admin', admin, 'systemActivity.download', true],
    ['an admin', admin, 'item.delete', false],
    ['an admin', admin, 'allTenants.billing', false],
    ['a support user', support, 'item.reprocess', false],
    ['a support user', support, 'userManagement.tenantSupport', false],
    ['a user granted item.create', creator, 'item.create', true],
    ['a user granted item.create', creator, 'share.requestUpload', true],
    ['a user granted item.create', creator, 'item.update', false],
    ['a user with nothing granted', plain, 'item.create', false],
    ['a user with nothing granted', plain, 'systemActivity.upload', false],
    [
      'a user granted item.reprocess',
      makePrincipal({ permissions: ['item.reprocess'] }),
      'item.reprocess',
      true,
    ],
  ])('lets %s pass %s: %s', (_who, principal, permission, expected) => {
    expect(hasPermission(principal, permission)).toBe(expected);
  });

  it.each(ADMIN_GRANTS)('grants %s to admins but not to plain or support users', (permission) => {
    expect(hasPermission(admin, permission)).toBe(true);
    expect(hasPermission(plain, permission)).toBe(false);
    expect(hasPermission(support, permission)).toBe(false);
  });

  it('grants admins exactly the five permissions of the spec', () => {
    expect([...ADMIN_GRANTS].sort()).toEqual([
      'item.changeOwner',
      'item.reprocess',
      'systemActivity.download',
      'systemActivity.processor',
      'systemActivity.upload',
    ]);
  });

  it.each(ALL_PERMISSIONS)('lets a super admin pass %s with nothing granted', (permission) => {
    expect(hasPermission(superAdmin, permission)).toBe(true);
  });
});

describe('role predicates', () => {
  it.each<
    [string, Principal, Record<'superAdmin' | 'admin' | 'tenantAdmin' | 'support' | 'special', boolean>]
  >([
    [
      'a plain user',
      plain,
      { superAdmin: false, admin: false, tenantAdmin: false, support: false, special: false },
    ],
    [
      'a super admin',
      superAdmin,
      { superAdmin: true, admin: true, tenantAdmin: true, support: true, special: false },
    ],
    [
      'an admin',
      admin,
      { superAdmin: false, admin: true, tenantAdmin: true, support: false, special: false },
    ],
    [
      'a support user',
      support,
      { superAdmin: false, admin: false, tenantAdmin: false, support: true, special: false },
    ],
    [
      'a user with tenantInfo',
      tenantInfo,
      { superAdmin: false, admin: false, tenantAdmin: true, support: false, special: false },
    ],
    [
      'a user with tenantSupport',
      tenantSupport,
      { superAdmin: false, admin: false, tenantAdmin: false, support: true, special: false },
    ],
    [
      'a super admin on the admin tenant',
      superAdminOnAdminTenant,
      { superAdmin: true, admin: true, tenantAdmin: true, support: true, special: true },
    ],
    [
      'an admin on the admin tenant',
      adminOnAdminTenant,
      { superAdmin: false, admin: true, tenantAdmin: true, support: false, special: false },
    ],
    [
      'a plain user on the admin tenant',
      plainOnAdminTenant,
      { superAdmin: false, admin: false, tenantAdmin: false, support: false, special: false },
    ],
    [
      'a support user who is also an admin',
      supportAndAdmin,
      { superAdmin: false, admin: true, tenantAdmin: true, support: true, special: false },
    ],
  ])('classify %s', (_who, principal, expected) => {
    expect({
      superAdmin: isSuperAdmin(principal),
      admin: isAdmin(principal),
      tenantAdmin: isTenantAdmin(principal),
      support: isSupport(principal),
      special: isSpecialAdmin(principal),
    }).toEqual(expected);
  });
});

describe('effectivePermissions', () => {
  it.each<[string, Principal, readonly Permission[]]>([
    ['a user with nothing granted', plain, []],
    [
      'a user granted item.create',
      creator,
      [
        'general.mimirCutter',
        'item.create',
        'item.dependenciesOnExportSequence',
        'item.exportSequence',
        'item.upload',
        'share.requestUpload',
      ],
    ],
    [
      'an admin with nothing granted',
      admin,
      [
        'item.changeOwner',
        'item.reprocess',
        'systemActivity.download',
        'systemActivity.processor',
        'systemActivity.upload',
      ],
    ],
    [
      'an admin granted general.apiKeys and item.reprocess',
      makePrincipal({ roles: ['admin'], permissions: ['general.apiKeys', 'item.reprocess'] }),
      [
        'general.apiKeys',
        'item.changeOwner',
        'item.reprocess',
        'systemActivity.download',
        'systemActivity.processor',
        'systemActivity.upload',
      ],
    ],
    ['a super admin', superAdmin, [...ALL_PERMISSIONS].sort()],
  ])('shows %s, sorted and without repeats', (_who, principal, expected) => {
    expect(effectivePermissions(principal)).toEqual(expected);
  });
});
