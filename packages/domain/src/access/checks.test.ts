import { describe, expect, it } from 'vitest';
import type { Permission } from '../permissions/catalogue.ts';
import type { Role } from '../permissions/roles.ts';
import { ORG, OTHER, USER, makePrincipal } from '../test-support/principals.ts';
import { checkUpdatable, checkVisibility } from './checks.ts';
import type { Access, AccessOutcome, Guarded } from './types.ts';

interface Row {
  who: string;
  roles?: Role[];
  permissions?: Permission[];
  groupIds?: string[];
  ownerId?: string;
  access: Access | null;
  expected: AccessOutcome;
}

const tenant: Access = { level: 'tenant', groups: [] };
const ownerOnly: Access = { level: 'owner', groups: [] };
const newsAndSport: Access = { level: 'selected_groups', groups: ['news', 'sport'] };

// Spec §6: visibility and updatable-by follow the same rules, each on its own list.
const RULES: readonly Row[] = [
  { who: 'an admin who is not the owner', roles: ['admin'], access: ownerOnly, expected: 'allowed' },
  {
    who: 'an admin outside the organisation group',
    roles: ['admin'],
    groupIds: [],
    access: null,
    expected: 'allowed',
  },
  {
    who: 'an admin sharing no group',
    roles: ['admin'],
    groupIds: ['weather'],
    access: newsAndSport,
    expected: 'allowed',
  },
  {
    who: 'a super admin who is not the owner',
    roles: ['superAdmin'],
    access: ownerOnly,
    expected: 'allowed',
  },
  {
    who: 'a super admin sharing no group',
    roles: ['superAdmin'],
    groupIds: [],
    access: newsAndSport,
    expected: 'allowed',
  },
  { who: 'the owner', ownerId: USER, access: ownerOnly, expected: 'allowed' },
  {
    who: 'the owner outside the organisation group',
    ownerId: USER,
    groupIds: [],
    access: null,
    expected: 'allowed',
  },
  {
    who: 'the owner sharing no group',
    ownerId: USER,
    groupIds: [],
    access: newsAndSport,
    expected: 'allowed',
  },
  { who: 'the owner, open to the tenant', ownerId: USER, groupIds: [], access: tenant, expected: 'allowed' },
  { who: 'a member of the organisation group, no restriction', access: null, expected: 'allowed' },
  {
    who: 'a user outside the organisation group, no restriction',
    groupIds: ['news'],
    access: null,
    expected: 'groupMismatch',
  },
  { who: 'a user in no group at all, no restriction', groupIds: [], access: null, expected: 'groupMismatch' },
  { who: 'a member of the organisation group, tenant level', access: tenant, expected: 'allowed' },
  {
    who: 'a user outside the organisation group, tenant level',
    groupIds: ['news'],
    access: tenant,
    expected: 'groupMismatch',
  },
  { who: 'a member who is not the owner, owner level', access: ownerOnly, expected: 'ownerMismatch' },
  {
    who: 'an outsider who is not the owner, owner level',
    groupIds: [],
    access: ownerOnly,
    expected: 'ownerMismatch',
  },
  {
    who: 'a member of a selected group',
    groupIds: [ORG, 'sport'],
    access: newsAndSport,
    expected: 'allowed',
  },
  { who: 'a member of a selected group only', groupIds: ['news'], access: newsAndSport, expected: 'allowed' },
  {
    who: 'a member sharing no selected group',
    groupIds: [ORG, 'weather'],
    access: newsAndSport,
    expected: 'groupMismatch',
  },
  {
    who: 'a member when the organisation group is selected',
    access: { level: 'selected_groups', groups: [ORG] },
    expected: 'allowed',
  },
  {
    who: 'a member of a group whose id only starts like a selected one',
    groupIds: ['new'],
    access: newsAndSport,
    expected: 'groupMismatch',
  },
  {
    who: 'a support user who is not the owner',
    roles: ['support'],
    access: ownerOnly,
    expected: 'ownerMismatch',
  },
  {
    who: 'a tenant admin by tenantInfo, not the owner',
    permissions: ['userManagement.tenantInfo'],
    access: ownerOnly,
    expected: 'ownerMismatch',
  },
  {
    who: 'a tenant admin by tenantInfo sharing no group',
    permissions: ['userManagement.tenantInfo'],
    groupIds: ['weather'],
    access: newsAndSport,
    expected: 'groupMismatch',
  },
];

function guarded(ownerId: string, visibleTo: Access | null, updatableBy: Access | null): Guarded {
  return { ownerId, visibleTo, updatableBy };
}

describe('checkVisibility', () => {
  it.each(RULES)('answers $expected to $who', ({ access, expected, ownerId = OTHER, ...who }) => {
    const p = makePrincipal(who);
    expect(checkVisibility(p, guarded(ownerId, access, ownerOnly))).toBe(expected);
  });

  it.each<[string, Access | null]>([
    ['an owner-only item', ownerOnly],
    ['an item of groups the user is not in', newsAndSport],
    ['an item open to the tenant, for a user outside it', tenant],
  ])('lets tenant-wide read see %s', (_what, access) => {
    const p = makePrincipal({ permissions: ['general.tenantWideRead'], groupIds: [] });
    expect(checkVisibility(p, guarded(OTHER, access, ownerOnly))).toBe('allowed');
  });

  it('does not let tenant-wide write see an owner-only item', () => {
    const p = makePrincipal({ permissions: ['general.tenantWideWrite'] });
    expect(checkVisibility(p, guarded(OTHER, ownerOnly, null))).toBe('ownerMismatch');
  });
});

describe('checkUpdatable', () => {
  it.each(RULES)('answers $expected to $who', ({ access, expected, ownerId = OTHER, ...who }) => {
    const p = makePrincipal(who);
    expect(checkUpdatable(p, guarded(ownerId, ownerOnly, access))).toBe(expected);
  });

  it.each<[string, Access | null]>([
    ['an owner-only item', ownerOnly],
    ['an item of groups the user is not in', newsAndSport],
    ['an unrestricted item, for a user outside the organisation', null],
  ])('lets tenant-wide write update %s', (_what, access) => {
    const p = makePrincipal({ permissions: ['general.tenantWideWrite'], groupIds: [] });
    expect(checkUpdatable(p, guarded(OTHER, null, access))).toBe('allowed');
  });

  it('does not let tenant-wide read update an owner-only item', () => {
    const p = makePrincipal({ permissions: ['general.tenantWideRead'] });
    expect(checkUpdatable(p, guarded(OTHER, null, ownerOnly))).toBe('ownerMismatch');
  });
});
