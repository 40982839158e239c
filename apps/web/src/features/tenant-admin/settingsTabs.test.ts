import type { Permission, Role } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { settingsTabAt, settingsTabsFor, type SettingsTabKey } from './settingsTabs.ts';

function principal(permissions: Permission[], roles: Role[] = []) {
  return {
    userId: 'u',
    tenantId: 't',
    roles,
    permissions: new Set(permissions),
    groupIds: [],
    primaryGroupId: null,
    organisationGroupId: '',
    isAdminTenant: false,
    external: false,
  };
}

describe('settingsTabsFor', () => {
  it.each<[string, ReturnType<typeof principal>, SettingsTabKey[]]>([
    ['an administrator', principal([], ['admin']), ['users', 'groups', 'system', 'forms', 'presets']],
    [
      'a tenant administrator by tenantInfo',
      principal(['userManagement.tenantInfo']),
      ['users', 'groups', 'system', 'forms', 'presets'],
    ],
    ['a holder of userManagement.enforceMfa only', principal(['userManagement.enforceMfa']), ['system']],
    ['a user with the defaults', principal(['item.update', 'item.chooseUploadLocation']), []],
    ['a support user', principal([], ['support']), []],
  ])('gives %s the tabs %j', (_who, p, keys) => {
    expect(settingsTabsFor(p).map((tab) => tab.key)).toEqual(keys);
  });
});

describe('settingsTabAt', () => {
  it.each([
    ['/settings/users', 'users'],
    ['/settings/groups', 'groups'],
    ['/settings/system', 'system'],
    ['/settings/system/', 'system'],
    ['/settings/forms', 'forms'],
    ['/settings/presets', 'presets'],
    ['/settings', undefined],
    ['/settings/usersx', undefined],
    ['/settings/unknown', undefined],
  ])('finds the tab of %s: %s', (pathname, key) => {
    expect(settingsTabAt(pathname)?.key).toBe(key);
  });
});
