import { describe, expect, it } from 'vitest';
import type { User } from '../../api/types.ts';
import { needsConfirmation, userActions } from './userActions.ts';

function user(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'a@demo.test',
    name: 'Ann',
    groups: [],
    permissions: [],
    effectivePermissions: [],
    roles: [],
    active: true,
    hidden: false,
    external: false,
    mfaEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
    lastSignInAt: null,
    ...overrides,
  };
}

const blocked = (u: User, me = 'admin') =>
  Object.fromEntries(userActions(u, me).map((a) => [a.action, a.blocked]));

describe('users table actions', () => {
  it('offers everything for an ordinary active user', () => {
    expect(blocked(user())).toEqual({
      edit: null,
      invite: null,
      deactivate: null,
      hide: null,
      logout: null,
      delete: null,
    });
  });

  it('cannot delete or log out external users (spec §5)', () => {
    const states = blocked(user({ external: true }));
    expect(states.delete).toBe('external');
    expect(states.logout).toBe('external');
    expect(states.invite).toBe('external');
    expect(states.edit).toBeNull();
  });

  it('offers activate and show for a deactivated, hidden user', () => {
    const actions = userActions(user({ active: false, hidden: true }), 'admin').map((a) => a.action);
    expect(actions).toContain('activate');
    expect(actions).toContain('show');
    expect(actions).not.toContain('deactivate');
    expect(actions).not.toContain('hide');
  });

  it('keeps administrators from locking themselves out', () => {
    const states = blocked(user({ id: 'admin' }), 'admin');
    expect(states.deactivate).toBe('self');
    expect(states.delete).toBe('self');
    expect(states.logout).toBe('self');
    expect(states.edit).toBeNull();
  });

  it('confirms the destructive actions only', () => {
    expect(['deactivate', 'activate', 'logout', 'delete'].every((a) => needsConfirmation(a as never))).toBe(
      true,
    );
    expect(needsConfirmation('hide')).toBe(false);
    expect(needsConfirmation('edit')).toBe(false);
  });
});
