/** Paths of the screens this build has, by the spec's route names where it gives one. */
export const PATHS = {
  searchItem: '/',
  searchItemAlias: '/search-item',
  myOrganization: '/my-organisation',
  userSettings: '/user-settings',
  changePassword: '/change-password',
  changelog: '/changelog',
  settings: '/settings',
  settingsUsers: '/settings/users',
  settingsGroups: '/settings/groups',
  login: '/login',
  forgotPassword: '/public/forgot-password',
  forgotPasswordVerify: '/public/forgot-password/verify',
  forgotPasswordReset: '/public/forgot-password/reset',
  signInCode: '/sign-in-code',
} as const;

export type UserSettingsTab = 'profile' | 'settings' | 'apiKeys';

export function userSettingsPath(tab: UserSettingsTab): string {
  return `${PATHS.userSettings}?tab=${tab}`;
}
