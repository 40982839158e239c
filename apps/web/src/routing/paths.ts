/** Paths of the screens this build has, by the spec's route names where it gives one. */
export const PATHS = {
  searchItem: '/',
  searchItemAlias: '/search-item',
  myOrganization: '/my-organisation',
  userSettings: '/user-settings',
  changePassword: '/change-password',
  changelog: '/changelog',
  /** Spec §2 /browse and /export: the main layout with only that feature set (layouts/featureSets.ts). */
  browse: '/browse',
  exportLayout: '/export',
  /** Spec §2 /cutter (general.mimirCutter). */
  cutter: '/cutter',
  settings: '/settings',
  settingsUsers: '/settings/users',
  settingsGroups: '/settings/groups',
  /** Spec §2 "System Settings (tenant config …)": the tenant's settings (the spec names no path). */
  settingsSystem: '/settings/system',
  /** Spec §2 "metadata form editor with option lists" (the spec names no path). */
  settingsForms: '/settings/forms',
  /** Spec §2 "Preset management" (the spec names no path). */
  settingsPresets: '/settings/presets',
  login: '/login',
  forgotPassword: '/public/forgot-password',
  forgotPasswordVerify: '/public/forgot-password/verify',
  forgotPasswordReset: '/public/forgot-password/reset',
  signInCode: '/sign-in-code',
  itemDetails: '/item-details/:id',
  activity: '/activity',
  folders: '/folders',
  recycleBin: '/recycle-bin',
  /** Spec §2 My tasks. */
  userTasks: '/userTasks',
  /** Comment search (the spec names no path): a hit opens the item at the comment's time. */
  commentSearch: '/comments',
  logEventSearch: '/log-events',
  /** Spec §2 person details. */
  personDetails: '/person-details/:id',
  /**
   * The persons list and search. Spec §2 keeps /search-person as a redirect to searchItem, so the
   * list has a path of its own.
   */
  persons: '/persons',
  /** Where bookmarks and filters are edited, ordered and deleted (the spec names no path). */
  bookmarks: '/bookmarks',
  /** Spec §2 /share: My shares. */
  myShares: '/share',
  /** What a share link opens, without an account (the Shared page, the Shared uploader). */
  sharedLink: '/share/:token',
} as const;

/** Whether a path is one of the screens before sign-in (the public layout's). */
export function isPublicPath(pathname: string): boolean {
  return pathname === PATHS.login || pathname === PATHS.signInCode || pathname.startsWith('/public/');
}

/** The cutter with a saved sequence open (`?sequence=`) to be edited. */
export const cutterSequencePath = (sequenceId: string): string =>
  `${PATHS.cutter}?${new URLSearchParams({ sequence: sequenceId }).toString()}`;

export type UserSettingsTab = 'profile' | 'settings' | 'apiKeys';

export function userSettingsPath(tab: UserSettingsTab): string {
  return `${PATHS.userSettings}?tab=${tab}`;
}

export type ItemDetailsTab =
  | 'metadata'
  | 'logging'
  | 'history'
  | 'relations'
  | 'comments'
  | 'usageRules'
  | 'shares'
  | 'analytics'
  | 'transcript'
  | 'translation';

/** An item's page (route itemDetails; the id is the itemId), on one of its tabs. */
export function itemDetailsPath(itemId: string, tab?: ItemDetailsTab): string {
  const path = `/item-details/${encodeURIComponent(itemId)}`;
  return tab ? `${path}?tab=${tab}` : path;
}

export type MyOrganizationTab = 'groups' | 'team';

/** The organisation page (route myOrganization) on one of its tabs. */
export function myOrganizationPath(tab: MyOrganizationTab): string {
  return `${PATHS.myOrganization}?tab=${tab}`;
}

export type ActivityTab = 'upload' | 'download';

export function activityPath(tab: ActivityTab): string {
  return `${PATHS.activity}?tab=${tab}`;
}

/** A person's page (route personDetails). */
export function personDetailsPath(personId: string): string {
  return `/person-details/${encodeURIComponent(personId)}`;
}

/** An item's page opened at a time (seconds) on one of its tabs. */
export function itemAtTimePath(itemId: string, ms: number, tab: ItemDetailsTab = 'analytics'): string {
  return `${itemDetailsPath(itemId, tab)}&t=${String(ms / 1000)}`;
}

/** A folder's view (route folders); without a folder id it opens the tenant's root. */
export function folderPath(folderId: string): string {
  return `${PATHS.folders}?folderId=${encodeURIComponent(folderId)}`;
}
