import { describe, expect, it } from 'vitest';
import { makePrincipal } from '../test-support/principals.ts';
import type { Permission } from './catalogue.ts';
import {
  adminRank,
  changedEntries,
  mayGrantPermissions,
  mayGrantRoles,
  mayManageUser,
} from './administration.ts';
import type { Role } from './roles.ts';

const plain = makePrincipal();
const tenantInfo = makePrincipal({ permissions: ['userManagement.tenantInfo'] });
const admin = makePrincipal({ roles: ['admin'] });
const superAdmin = makePrincipal({ roles: ['superAdmin'] });

describe('administration rules', () => {
  it.each<[string, Role[], number]>([
    ['a plain user', [], 1],
    ['a support user', ['support'], 1],
    ['an admin', ['admin'], 2],
    ['a super admin', ['superAdmin'], 3],
    ['a super admin who is also admin', ['admin', 'superAdmin'], 3],
  ])('ranks %s at %i', (_who, roles, rank) => {
    expect(adminRank(roles)).toBe(rank);
  });

  it.each<[string, typeof plain, Role[], boolean]>([
    ['a plain user', plain, [], false],
    ['a tenantInfo user', tenantInfo, [], true],
    ['a tenantInfo user', tenantInfo, ['support'], true],
    ['a tenantInfo user', tenantInfo, ['admin'], false],
    ['a tenantInfo user', tenantInfo, ['superAdmin'], false],
    ['an admin', admin, [], true],
    ['an admin', admin, ['admin'], true],
    ['an admin', admin, ['superAdmin'], false],
    ['a super admin', superAdmin, ['superAdmin'], true],
  ])('%s managing a user with roles %j: %s', (_who, caller, targetRoles, expected) => {
    expect(mayManageUser(caller, { roles: targetRoles })).toBe(expected);
  });

  it.each<[string, typeof plain, Permission[], boolean]>([
    ['a plain user', plain, ['item.create'], false],
    ['a tenantInfo user', tenantInfo, ['item.create', 'general.apiKeys'], true],
    ['a tenantInfo user', tenantInfo, ['allTenants.write'], false],
    ['an admin', admin, ['allTenants.billing'], false],
    ['an admin', admin, [], true],
    ['a super admin', superAdmin, ['allTenants.write', 'allTenants.tunnel'], true],
  ])('%s granting or revoking %j: %s', (_who, caller, changed, expected) => {
    expect(mayGrantPermissions(caller, changed)).toBe(expected);
  });

  it.each<[string, typeof plain, Role[], boolean]>([
    ['anyone', plain, [], true],
    ['a tenantInfo user', tenantInfo, ['support'], false],
    ['an admin', admin, ['admin', 'support'], true],
    ['an admin', admin, ['superAdmin'], false],
    ['a super admin', superAdmin, ['superAdmin'], true],
  ])('%s changing roles %j: %s', (_who, caller, changed, expected) => {
    expect(mayGrantRoles(caller, changed)).toBe(expected);
  });

  it.each<[string[], string[], string[]]>([
    [[], [], []],
    [['a'], ['a', 'b'], ['b']],
    [['a', 'b'], ['b'], ['a']],
    [['a'], ['b'], ['b', 'a']],
  ])('the change from %j to %j is %j', (before, after, changed) => {
    expect(changedEntries(before, after)).toEqual(changed);
  });
});
