import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import type { Permission } from '../permissions/catalogue.ts';
import type { Role } from '../permissions/roles.ts';
import { OTHER, USER, makePrincipal } from '../test-support/principals.ts';
import { sameAccess, validateAccessChange } from './change.ts';
import type { Access, AccessKind, Guarded } from './types.ts';

interface Row {
  who: string;
  roles?: Role[];
  permissions?: Permission[];
  primaryGroupId?: string | null;
  ownerId?: string;
  value: unknown;
  refusal: string | null;
}

const ownerOnly = { level: 'owner', groups: [] };
const PRIMARY = 'group-news';
const selected = (...groups: string[]) => ({ level: 'selected_groups', groups });

// Spec §5 "Access", for callers who may change the lists at all (see the editRestrictions table
// below). refusal null means the change is accepted.
const RULES: readonly Row[] = [
  { who: 'anyone clearing the restriction', value: null, refusal: null },
  { who: 'anyone opening to the tenant', value: { level: 'tenant', groups: [] }, refusal: null },
  {
    who: 'the owner with setVisibleToSelf making it owner only',
    ownerId: USER,
    permissions: ['general.setVisibleToSelf'],
    value: ownerOnly,
    refusal: null,
  },
  {
    who: 'the owner without setVisibleToSelf making it owner only',
    ownerId: USER,
    value: ownerOnly,
    refusal: MESSAGES.ownerOnlyAccess,
  },
  {
    who: 'a non-owner with setVisibleToSelf making it owner only',
    permissions: ['general.setVisibleToSelf'],
    value: ownerOnly,
    refusal: MESSAGES.ownerOnlyAccess,
  },
  {
    who: 'an admin who is not the owner making it owner only',
    roles: ['admin'],
    value: ownerOnly,
    refusal: null,
  },
  {
    who: 'a super admin who is not the owner making it owner only',
    roles: ['superAdmin'],
    value: ownerOnly,
    refusal: null,
  },
  {
    who: 'a support user making it owner only',
    roles: ['support'],
    value: ownerOnly,
    refusal: MESSAGES.ownerOnlyAccess,
  },
  {
    who: 'a tenant admin by tenantInfo making it owner only',
    permissions: ['userManagement.tenantInfo', 'general.setVisibleToSelf'],
    value: ownerOnly,
    refusal: MESSAGES.ownerOnlyAccess,
  },
  {
    who: 'a user with setVisibleToGroups choosing groups',
    permissions: ['general.setVisibleToGroups'],
    value: selected('sport', 'weather'),
    refusal: null,
  },
  {
    who: 'a user with getGroups, which implies setVisibleToGroups, choosing groups',
    permissions: ['general.getGroups'],
    value: selected('sport'),
    refusal: null,
  },
  { who: 'an admin choosing groups', roles: ['admin'], value: selected('sport', 'weather'), refusal: null },
  { who: 'a super admin choosing groups', roles: ['superAdmin'], value: selected('sport'), refusal: null },
  {
    who: 'a user choosing exactly their primary group',
    primaryGroupId: PRIMARY,
    value: selected(PRIMARY),
    refusal: null,
  },
  {
    who: 'a user choosing their primary group twice over',
    primaryGroupId: PRIMARY,
    value: selected(PRIMARY, PRIMARY),
    refusal: null,
  },
  {
    who: 'a user choosing their primary group and another',
    primaryGroupId: PRIMARY,
    value: selected(PRIMARY, 'sport'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a user choosing another group',
    primaryGroupId: PRIMARY,
    value: selected('sport'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a user without a primary group choosing a group',
    value: selected('sport'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'the owner without setVisibleToGroups choosing groups',
    ownerId: USER,
    permissions: ['general.setVisibleToSelf'],
    value: selected('sport'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a support user choosing groups',
    roles: ['support'],
    value: selected('sport'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a tenant admin by tenantInfo choosing groups',
    permissions: ['userManagement.tenantInfo'],
    value: selected('sport'),
    refusal: MESSAGES.restrictToGroups,
  },
];

const KINDS: readonly [AccessKind, string][] = [
  ['visibleTo', MESSAGES.badVisibleTo],
  ['updatableBy', MESSAGES.badUpdatableBy],
];

const unrestricted = (ownerId: string): Guarded => ({ ownerId, visibleTo: null, updatableBy: null });
const EDITORS = 'group-editors';
const EDITORS_ONLY: Access = { level: 'selected_groups', groups: [EDITORS, 'group-desk'] };

// Spec §6 item.editRestrictions on an item or folder whose list is EDITORS_ONLY (the demo's case:
// a viewer restricting the administrator's item to Viewers). refusal null means accepted.
const EDIT_RESTRICTIONS: readonly Row[] = [
  {
    who: 'a viewer restricting it to their own group',
    permissions: ['general.setVisibleToGroups'],
    value: selected('group-viewers'),
    refusal: MESSAGES.noEditRestrictionsPermission,
  },
  {
    who: 'an editor (update rights, no editRestrictions) opening it to everyone',
    permissions: ['item.update', 'folder.update'],
    value: null,
    refusal: MESSAGES.noEditRestrictionsPermission,
  },
  {
    who: 'an editor opening it to the tenant',
    permissions: ['item.update', 'folder.update'],
    value: { level: 'tenant', groups: [] },
    refusal: MESSAGES.noEditRestrictionsPermission,
  },
  {
    who: 'an editor choosing their own primary group',
    permissions: ['item.update'],
    primaryGroupId: PRIMARY,
    value: selected(PRIMARY),
    refusal: MESSAGES.noEditRestrictionsPermission,
  },
  {
    who: 'a viewer sending back the list it has, in another order',
    value: selected('group-desk', EDITORS),
    refusal: null,
  },
  {
    who: 'the owner without editRestrictions choosing groups',
    ownerId: USER,
    permissions: ['general.setVisibleToGroups'],
    value: selected('group-viewers'),
    refusal: null,
  },
  {
    who: 'the owner without editRestrictions making it owner only',
    ownerId: USER,
    permissions: ['general.setVisibleToSelf'],
    value: ownerOnly,
    refusal: null,
  },
  {
    who: 'the owner without editRestrictions opening it',
    ownerId: USER,
    value: null,
    refusal: null,
  },
  {
    who: 'the owner without setVisibleToGroups choosing other groups',
    ownerId: USER,
    value: selected('group-viewers'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a holder of editRestrictions who is not the owner choosing groups',
    permissions: ['item.editRestrictions', 'general.setVisibleToGroups'],
    value: selected('group-viewers'),
    refusal: null,
  },
  {
    who: 'a holder of editRestrictions opening it',
    permissions: ['item.editRestrictions'],
    value: null,
    refusal: null,
  },
  {
    who: 'a holder of editRestrictions without setVisibleToGroups choosing groups',
    permissions: ['item.editRestrictions'],
    value: selected('group-viewers'),
    refusal: MESSAGES.restrictToGroups,
  },
  {
    who: 'a holder of editRestrictions who is not the owner making it owner only',
    permissions: ['item.editRestrictions', 'general.setVisibleToSelf'],
    value: ownerOnly,
    refusal: MESSAGES.ownerOnlyAccess,
  },
  { who: 'an admin who is not the owner', roles: ['admin'], value: selected('group-viewers'), refusal: null },
  { who: 'a super admin who is not the owner', roles: ['superAdmin'], value: null, refusal: null },
  {
    who: 'a tenant admin by tenantInfo only',
    permissions: ['userManagement.tenantInfo', 'general.setVisibleToGroups'],
    value: selected('group-viewers'),
    refusal: MESSAGES.noEditRestrictionsPermission,
  },
];

describe.each(KINDS)('validateAccessChange of %s', (kind, badMessage) => {
  it.each(RULES)(
    'answers $refusal to $who',
    ({ value, refusal, ownerId = OTHER, permissions = [], ...who }) => {
      const p = makePrincipal({ ...who, permissions: [...permissions, 'item.editRestrictions'] });
      const result = validateAccessChange(p, unrestricted(ownerId), kind, value);
      expect(result.ok ? null : result.message).toBe(refusal);
    },
  );

  it.each(EDIT_RESTRICTIONS)('answers $refusal to $who', ({ value, refusal, ownerId = OTHER, ...who }) => {
    const current = { ...unrestricted(ownerId), [kind]: EDITORS_ONLY };
    const result = validateAccessChange(makePrincipal(who), current, kind, value);
    expect(result.ok ? null : result.message).toBe(refusal);
  });

  it.each<[string, unknown]>([
    ['an unknown level', { level: 'everyone', groups: [] }],
    ['selected groups with an empty list', { level: 'selected_groups', groups: [] }],
    ['a non-object', 'owner'],
    ['undefined', undefined],
  ])(`answers '${badMessage}' to %s, even from a super admin`, (_what, value) => {
    const result = validateAccessChange(
      makePrincipal({ roles: ['superAdmin'] }),
      unrestricted(USER),
      kind,
      value,
    );
    expect(result).toEqual({ ok: false, message: badMessage });
  });

  it('reports a malformed value before a missing permission', () => {
    const result = validateAccessChange(makePrincipal(), unrestricted(OTHER), kind, {
      level: 'owner',
      groups: [3],
    });
    expect(result).toEqual({ ok: false, message: badMessage });
  });

  it.each<[string, unknown, unknown]>([
    ['no restriction', null, null],
    ['the owner level, without groups', { level: 'owner', groups: ['x'] }, { level: 'owner', groups: [] }],
    ['selected groups, once each', selected('a', 'b', 'a'), { level: 'selected_groups', groups: ['a', 'b'] }],
  ])('hands back the parsed access for %s', (_what, value, access) => {
    const result = validateAccessChange(
      makePrincipal({ roles: ['admin'] }),
      unrestricted(OTHER),
      kind,
      value,
    );
    expect(result).toEqual({ ok: true, access });
  });
});

describe('sameAccess', () => {
  it.each<[string, Access | null, Access | null, boolean]>([
    ['no restriction twice', null, null, true],
    ['no restriction and the tenant level', null, { level: 'tenant', groups: [] }, false],
    ['the same groups in another order', selectedAccess('a', 'b'), selectedAccess('b', 'a'), true],
    ['one group more', selectedAccess('a'), selectedAccess('a', 'b'), false],
    ['other groups of the same count', selectedAccess('a', 'b'), selectedAccess('a', 'c'), false],
    ['another level', { level: 'owner', groups: [] }, { level: 'tenant', groups: [] }, false],
  ])('%s: %s', (_what, a, b, expected) => {
    expect(sameAccess(a, b)).toBe(expected);
    expect(sameAccess(b, a)).toBe(expected);
  });
});

function selectedAccess(...groups: string[]): Access {
  return { level: 'selected_groups', groups };
}
