import { describe, expect, it } from 'vitest';
import { MY_ORGANIZATION_TABS, resolveOrganizationTab } from './tabs.ts';

describe('the organisation page’s tabs', () => {
  it('are Groups and My Team, in the spec’s order', () => {
    expect(MY_ORGANIZATION_TABS).toEqual(['groups', 'team']);
  });

  it.each([
    ['groups', 'groups'],
    ['team', 'team'],
    [null, 'groups'],
    ['billing', 'groups'],
    ['statistics', 'groups'],
    ['', 'groups'],
  ])('?tab=%s opens %s', (raw, expected) => {
    expect(resolveOrganizationTab(raw)).toBe(expected);
  });
});
