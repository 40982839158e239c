import { describe, expect, it } from 'vitest';
import { accessOf, draftOf, isIncomplete } from './accessDraft.ts';

describe('draftOf and accessOf', () => {
  it.each([
    [null, { level: 'tenant', groups: [] }, null],
    [{ level: 'tenant', groups: [] }, { level: 'tenant', groups: [] }, null],
    [
      { level: 'owner', groups: [] },
      { level: 'owner', groups: [] },
      { level: 'owner', groups: [] },
    ],
    [
      { level: 'selected_groups', groups: ['g1', 'g2'] },
      { level: 'selected_groups', groups: ['g1', 'g2'] },
      { level: 'selected_groups', groups: ['g1', 'g2'] },
    ],
  ] as const)('reads %j as %j and sends %j', (access, draft, sent) => {
    expect(draftOf(access)).toEqual(draft);
    expect(accessOf(draftOf(access))).toEqual(sent);
  });

  it('drops groups the level does not use and duplicates', () => {
    expect(accessOf({ level: 'owner', groups: ['g1'] })).toEqual({ level: 'owner', groups: [] });
    expect(accessOf({ level: 'selected_groups', groups: ['g1', 'g1'] })).toEqual({
      level: 'selected_groups',
      groups: ['g1'],
    });
  });
});

describe('isIncomplete', () => {
  it.each([
    [{ level: 'selected_groups', groups: [] }, true],
    [{ level: 'selected_groups', groups: ['g'] }, false],
    [{ level: 'owner', groups: [] }, false],
    [{ level: 'tenant', groups: [] }, false],
  ] as const)('%j: %s', (draft, expected) => {
    expect(isIncomplete({ ...draft, groups: [...draft.groups] })).toBe(expected);
  });
});
