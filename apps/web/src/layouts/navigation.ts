import {
  canListShares,
  canReadLogEvents,
  canUseBookmarks,
  hasPermission,
  type BookmarkSection,
} from '@skald/domain';
import type { Icon } from '@tabler/icons-react';
import {
  IconActivity,
  IconFaceId,
  IconChecklist,
  IconFolders,
  IconMessageSearch,
  IconTimelineEvent,
  IconSearch,
  IconSettings,
  IconShare,
  IconTrash,
  IconUserCog,
  IconForms,
  IconMovie,
  IconScissors,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { principalOf } from '../api/principal.ts';
import type { Me } from '../api/types.ts';
import { settingsTabsFor, type SettingsTabKey } from '../features/tenant-admin/settingsTabs.ts';
import { PATHS } from '../routing/paths.ts';

/** The administration section's entries: the settings tabs the user may open. */
const SETTINGS_ENTRIES: Record<SettingsTabKey, { key: string; icon: Icon }> = {
  users: { key: 'users', icon: IconUsers },
  groups: { key: 'groups', icon: IconUsersGroup },
  system: { key: 'systemSettings', icon: IconSettings },
  forms: { key: 'metadataForms', icon: IconForms },
  presets: { key: 'presets', icon: IconMovie },
};

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
  /** After its items, the section lists the user's bookmarks of this kind (features/bookmarks). */
  bookmarks?: BookmarkSection;
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
        { key: 'search', path: PATHS.searchItem, icon: IconSearch },
        { key: 'userSettings', path: PATHS.userSettings, icon: IconUserCog },
      ],
    },
  ];
  // Spec §6: the cutter is offered only with general.mimirCutter.
  if (hasPermission(principalOf(me), 'general.mimirCutter'))
    sections[0]?.items.push({ key: 'cutter', path: PATHS.cutter, icon: IconScissors });
  // The activity monitor shows the tabs the user may see (systemActivity.upload / .download).
  if (
    me.permissions.includes('systemActivity.upload') ||
    me.permissions.includes('systemActivity.download')
  ) {
    sections.push({
      key: 'activity',
      items: [{ key: 'activity', path: PATHS.activity, icon: IconActivity }],
    });
  }
  // Spec §2 order: Activity, Bookmarks, Filters, Folders, …: saved searches are the Filters.
  if (canUseBookmarks(principalOf(me))) {
    sections.push(
      { key: 'bookmarks', items: [], bookmarks: 'bookmarks' },
      { key: 'filters', items: [], bookmarks: 'filters' },
    );
  }
  // Spec §2 order: Activity, …, Folders, …, Recycle bin. Everyone browses the folders they may see and
  // finds their own deleted items in the bin.
  sections.push({ key: 'folders', items: [{ key: 'folders', path: PATHS.folders, icon: IconFolders }] });
  // Spec §2 order: …, Folders, My shares, …: for whoever may share or request uploads, and administrators.
  if (canListShares(principalOf(me))) {
    sections.push({ key: 'myShares', items: [{ key: 'myShares', path: PATHS.myShares, icon: IconShare }] });
  }
  sections.push(
    // Spec §2 Assignments (after My shares): My tasks, the comments assigned to the user.
    {
      key: 'assignments',
      items: [
        { key: 'userTasks', path: PATHS.userTasks, icon: IconChecklist },
        { key: 'commentSearch', path: PATHS.commentSearch, icon: IconMessageSearch },
        // Log events by their text, with spec §6 ui.logging.
        ...(canReadLogEvents(principalOf(me))
          ? [{ key: 'logEventSearch', path: PATHS.logEventSearch, icon: IconTimelineEvent }]
          : []),
        // The persons face detection registered, with spec §6 ui.persons.
        ...(hasPermission(principalOf(me), 'ui.persons')
          ? [{ key: 'persons', path: PATHS.persons, icon: IconFaceId }]
          : []),
      ],
    },
    { key: 'recycleBin', items: [{ key: 'recycleBin', path: PATHS.recycleBin, icon: IconTrash }] },
  );
  const settings = settingsTabsFor(principalOf(me));
  if (settings.length > 0) {
    sections.push({
      key: 'administration',
      items: settings.map((tab) => ({ ...SETTINGS_ENTRIES[tab.key], path: tab.path, prefix: true })),
    });
  }
  return sections;
}
