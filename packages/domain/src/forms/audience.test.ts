import { describe, expect, it } from 'vitest';
import { makePrincipal, withRoles } from '../test-support/principals.ts';
import { canSeeForm, fieldReaderOf } from './audience.ts';
import type { FormVisibility } from './types.ts';

describe('canSeeForm', () => {
  const user = makePrincipal({ groupIds: ['g1'] });
  const admin = withRoles('admin');
  it.each<[FormVisibility, boolean]>([
    [{ level: 'everyone', groupIds: [] }, true],
    [{ level: 'hidden', groupIds: [] }, false],
    [{ level: 'selected_groups', groupIds: ['g1'] }, true],
    [{ level: 'selected_groups', groupIds: ['g2'] }, false],
  ])('%o: a user sees it %s, an administrator always', (visibleTo, seen) => {
    expect(canSeeForm(user, { visibleTo })).toBe(seen);
    expect(canSeeForm(admin, { visibleTo })).toBe(true);
  });

  it('makes tenant administrators write every field', () => {
    expect(fieldReaderOf(admin).admin).toBe(true);
    expect(fieldReaderOf(user)).toEqual({ groupIds: ['g1'], admin: false });
  });
});
