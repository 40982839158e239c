import type { Icon } from '@tabler/icons-react';
import {
  IconKey,
  IconLanguage,
  IconLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { hasPermission } from '../../api/currentUser.ts';
import type { Me } from '../../api/types.ts';
import { PATHS, userSettingsPath } from '../../routing/paths.ts';

export interface QuickLink {
  /** Key under `links.` in the `home` namespace (title and description). */
  key: 'profile' | 'settings' | 'apiKeys' | 'password' | 'users' | 'groups';
  to: string;
  icon: Icon;
}

/** The welcome screen's shortcuts: only to screens this user can open. */
export function quickLinksFor(me: Me): QuickLink[] {
  const links: QuickLink[] = [
    { key: 'profile', to: userSettingsPath('profile'), icon: IconUserCircle },
    { key: 'settings', to: userSettingsPath('settings'), icon: IconLanguage },
  ];
  if (hasPermission(me, 'general.apiKeys')) {
    links.push({ key: 'apiKeys', to: userSettingsPath('apiKeys'), icon: IconKey });
  }
  links.push({ key: 'password', to: PATHS.changePassword, icon: IconLock });
  if (me.roles.tenantAdmin) {
    links.push({ key: 'users', to: PATHS.settingsUsers, icon: IconUsers });
    links.push({ key: 'groups', to: PATHS.settingsGroups, icon: IconUsersGroup });
  }
  return links;
}
