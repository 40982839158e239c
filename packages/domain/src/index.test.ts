import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

// The server and the web code against these names; renaming one must be a deliberate act.
describe('the public API', () => {
  it.each([
    ['PERMISSION_CATALOGUE', 'object'],
    ['PERMISSION_GROUPS', 'object'],
    ['ALL_PERMISSIONS', 'object'],
    ['DEFAULT_PERMISSIONS', 'object'],
    ['isPermission', 'function'],
    ['permissionGroupOf', 'function'],
    ['IMPLICATIONS', 'object'],
    ['expandPermissions', 'function'],
    ['impliedBy', 'function'],
    ['SUPER_ADMIN_ONLY_GROUPS', 'object'],
    ['adminRank', 'function'],
    ['changedEntries', 'function'],
    ['mayGrantPermissions', 'function'],
    ['mayGrantRoles', 'function'],
    ['mayManageUser', 'function'],
    ['ROLES', 'object'],
    ['ADMIN_GRANTS', 'object'],
    ['hasPermission', 'function'],
    ['isSuperAdmin', 'function'],
    ['isAdmin', 'function'],
    ['isTenantAdmin', 'function'],
    ['isSupport', 'function'],
    ['isSpecialAdmin', 'function'],
    ['effectivePermissions', 'function'],
    ['canUpload', 'function'],
    ['canUpdate', 'function'],
    ['canDeleteItem', 'function'],
    ['canRecoverItem', 'function'],
    ['canDeleteFolder', 'function'],
    ['ACCESS_LEVELS', 'object'],
    ['checkVisibility', 'function'],
    ['checkUpdatable', 'function'],
    ['parseAccess', 'function'],
    ['validateAccessChange', 'function'],
    ['MESSAGES', 'object'],
    ['LOG_MESSAGES', 'object'],
    ['formatMessage', 'function'],
    ['LIMITS', 'object'],
    ['DEFAULTS', 'object'],
    ['DAY_MS', 'number'],
    ['isStatisticsRangeAllowed', 'function'],
    ['areLineLimitsValid', 'function'],
    ['isRefineSelectionAllowed', 'function'],
    ['translationRetryDelayMs', 'function'],
    ['ITEM_TYPES', 'object'],
    ['ANALYSIS_KINDS', 'object'],
    ['ANALYSIS_STATES', 'object'],
    ['MEDIA_ITEM_TYPES', 'object'],
    ['canBeReprocessed', 'function'],
    ['isVirtual', 'function'],
    ['ACCEPTED_EXTENSIONS', 'object'],
    ['fileExtension', 'function'],
    ['isAcceptedFile', 'function'],
    ['itemTypeForExtension', 'function'],
  ])('exports %s as a %s', (name, kind) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe(kind);
  });

  it('exports nothing else', () => {
    expect(Object.keys(domain)).toHaveLength(54);
  });
});
