import type { Icon } from '@tabler/icons-react';
import { IconHome, IconUserCog, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { Me } from '../api/types.ts';
import { PATHS } from '../routing/paths.ts';

export interface NavItem {
  /** Key in the `layout` namespace under `nav.`. */
  key: string;
  path: string;
  icon: Icon;
  /** Match sub-paths too (e.g. /settings/users/…). */
  prefix?: boolean;
}

export interface NavSection {
  key: string;
  items: NavItem[];
}

/**
 * The navigation shows the sections that exist. Later issues add theirs (Search, Folders, My shares,
 * Activity…) here, with the visibility rule their screen needs.
 */
export function navigationFor(me: Me): NavSection[] {
  const sections: NavSection[] = [
    {
      key: 'workspace',
      items: [
        { key: 'home', path: PATHS.searchItem, icon: IconHome },
        { key: 'userSettings', path: PATHS.userSettings, icon: IconUserCog },
      ],
    },
  ];
  if (me.roles.tenantAdmin) {
    sections.push({
      key: 'administration',
      items: [
        { key: 'users', path: PATHS.settingsUsers, icon: IconUsers, prefix: true },
        { key: 'groups', path: PATHS.settingsGroups, icon: IconUsersGroup, prefix: true },
      ],
    });
  }
  return sections;
}
