import { canUpload } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { principalOf } from './principal.ts';
import type { Me } from './types.ts';

function me(permissions: Me['permissions'], roles: Me['user']['roles'] = []): Me {
  return {
    user: {
      id: 'u1',
      email: 'a@b.c',
      name: 'A',
      language: null,
      groups: [{ id: 'g1', name: 'Editors' }],
      permissions,
      roles,
      active: true,
      hidden: false,
      external: false,
      mfaEnabled: false,
    },
    tenant: {
      id: 't1',
      name: 'Demo',
      slug: 'demo',
      timezone: 'UTC',
      mfaEnforced: false,
      forbiddenExtensions: [],
    },
    permissions,
    roles: { superAdmin: false, admin: false, tenantAdmin: false, support: false, specialAdmin: false },
    mfaSetupRequired: false,
  };
}

describe('principalOf', () => {
  it.each([
    [['item.create', 'item.upload'], [], true],
    [['item.upload'], [], false],
    [['item.create'], [], false],
    [[], ['superAdmin'], true],
  ] as const)('lets canUpload decide from %j with roles %j: %s', (permissions, roles, expected) => {
    expect(canUpload(principalOf(me([...permissions], [...roles])))).toBe(expected);
  });

  it('carries the user, tenant and groups', () => {
    expect(principalOf(me([]))).toMatchObject({ userId: 'u1', tenantId: 't1', groupIds: ['g1'] });
  });
});
