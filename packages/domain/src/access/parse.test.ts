import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { parseAccess } from './parse.ts';
import type { Access, AccessKind } from './types.ts';

const KINDS: readonly [AccessKind, string][] = [
  ['visibleTo', MESSAGES.badVisibleTo],
  ['updatableBy', MESSAGES.badUpdatableBy],
];

describe.each(KINDS)('parseAccess of %s', (kind, badMessage) => {
  it.each<[string, unknown, Access | null]>([
    ['null as no restriction', null, null],
    ['the tenant level', { level: 'tenant', groups: [] }, { level: 'tenant', groups: [] }],
    ['the tenant level without groups', { level: 'tenant' }, { level: 'tenant', groups: [] }],
    ['the owner level', { level: 'owner', groups: [] }, { level: 'owner', groups: [] }],
    [
      'the owner level, dropping its meaningless groups',
      { level: 'owner', groups: ['news'] },
      { level: 'owner', groups: [] },
    ],
    [
      'the tenant level, dropping its meaningless groups',
      { level: 'tenant', groups: ['news'] },
      { level: 'tenant', groups: [] },
    ],
    [
      'selected groups',
      { level: 'selected_groups', groups: ['news', 'sport'] },
      { level: 'selected_groups', groups: ['news', 'sport'] },
    ],
    [
      'selected groups, once each',
      { level: 'selected_groups', groups: ['news', 'sport', 'news'] },
      { level: 'selected_groups', groups: ['news', 'sport'] },
    ],
    [
      'an object with extra keys, which are ignored',
      { level: 'selected_groups', groups: ['news'], note: 'x' },
      { level: 'selected_groups', groups: ['news'] },
    ],
  ])('accepts %s', (_what, value, access) => {
    expect(parseAccess(kind, value)).toEqual({ ok: true, access });
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['a string', 'tenant'],
    ['a number', 42],
    ['a boolean', true],
    ['an array', ['tenant']],
    ['an empty array', []],
    ['an empty object', {}],
    ['an unknown level', { level: 'everyone', groups: [] }],
    ['a level in the wrong case', { level: 'TENANT', groups: [] }],
    ['the bookmark word for hidden', { level: 'hidden', groups: [] }],
    ['a null level', { level: null, groups: [] }],
    ['groups as a string', { level: 'tenant', groups: 'news' }],
    ['groups as null', { level: 'tenant', groups: null }],
    ['groups as an object', { level: 'selected_groups', groups: { 0: 'news' } }],
    ['a numeric group', { level: 'selected_groups', groups: [1] }],
    ['a null group', { level: 'selected_groups', groups: ['news', null] }],
    ['an empty group id', { level: 'selected_groups', groups: [''] }],
    ['a blank group id', { level: 'selected_groups', groups: ['  '] }],
    ['a bad group on the tenant level', { level: 'tenant', groups: [''] }],
    ['selected groups with an empty list', { level: 'selected_groups', groups: [] }],
    ['selected groups without a list', { level: 'selected_groups' }],
  ])(`rejects %s as '${badMessage}'`, (_what, value) => {
    expect(parseAccess(kind, value)).toEqual({ ok: false, message: badMessage });
  });
});
