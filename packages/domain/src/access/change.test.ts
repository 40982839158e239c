import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import type { Permission } from '../permissions/catalogue.ts';
import type { Role } from '../permissions/roles.ts';
import { OTHER, USER, makePrincipal } from '../test-support/principals.ts';
import { validateAccessChange } from './change.ts';
import type { AccessKind } from './types.ts';

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

// Spec §5 "Access". refusal null means the change is accepted.
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

describe.each(KINDS)('validateAccessChange of %s', (kind, badMessage) => {
  it.each(RULES)('answers $refusal to $who', ({ value, refusal, ownerId = OTHER, ...who }) => {
    const result = validateAccessChange(makePrincipal(who), { ownerId }, kind, value);
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
      { ownerId: USER },
      kind,
      value,
    );
    expect(result).toEqual({ ok: false, message: badMessage });
  });

  it('reports a malformed value before a missing permission', () => {
    const result = validateAccessChange(makePrincipal(), { ownerId: OTHER }, kind, {
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
    const result = validateAccessChange(makePrincipal({ roles: ['admin'] }), { ownerId: OTHER }, kind, value);
    expect(result).toEqual({ ok: true, access });
  });
});
