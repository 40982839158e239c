import type { UserSettingsTab } from '../../routing/paths.ts';

export const USER_SETTINGS_TABS: readonly UserSettingsTab[] = ['profile', 'settings', 'apiKeys'];

/**
 * The tab to show for `?tab=`: an unknown tab, or API Keys without the permission, falls back to
 * My Profile; while MFA set-up is required only Settings (where it is done) is shown.
 */
export function resolveTab(
  raw: string | null,
  access: { apiKeys: boolean; mfaSetupRequired: boolean },
): UserSettingsTab {
  if (access.mfaSetupRequired) return 'settings';
  const tab = USER_SETTINGS_TABS.find((t) => t === raw);
  if (!tab) return 'profile';
  if (tab === 'apiKeys' && !access.apiKeys) return 'profile';
  return tab;
}
