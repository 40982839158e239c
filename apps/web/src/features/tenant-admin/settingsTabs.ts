import { canEnforceMfa, isTenantAdmin, type Principal } from '@skald/domain';
import { PATHS } from '../../routing/paths.ts';

export type SettingsTabKey = 'users' | 'groups' | 'system' | 'forms' | 'presets';

export interface SettingsTab {
  key: SettingsTabKey;
  path: string;
}

interface GuardedTab extends SettingsTab {
  allowed: (p: Principal) => boolean;
}

/** The tabs of /settings in order, each with who may open it. */
const TABS: readonly GuardedTab[] = [
  { key: 'users', path: PATHS.settingsUsers, allowed: isTenantAdmin },
  { key: 'groups', path: PATHS.settingsGroups, allowed: isTenantAdmin },
  // Spec §6: holders of userManagement.enforceMfa enforce MFA too; they see this tab, with that part only.
  { key: 'system', path: PATHS.settingsSystem, allowed: (p) => isTenantAdmin(p) || canEnforceMfa(p) },
  { key: 'forms', path: PATHS.settingsForms, allowed: isTenantAdmin },
  { key: 'presets', path: PATHS.settingsPresets, allowed: isTenantAdmin },
];

/** The settings tabs this user may open; none: the settings are not theirs at all. */
export function settingsTabsFor(p: Principal): SettingsTab[] {
  return TABS.filter((tab) => tab.allowed(p)).map(({ key, path }) => ({ key, path }));
}

/** The tab a path under /settings belongs to, whoever may open it; undefined for /settings itself or an unknown path. */
export function settingsTabAt(pathname: string): SettingsTab | undefined {
  const tab = TABS.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`));
  return tab && { key: tab.key, path: tab.path };
}
