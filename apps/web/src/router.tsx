import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { PATHS } from './routing/paths.ts';
import { RedirectRoute } from './routing/RedirectRoute.tsx';
import { REDIRECTS } from './routing/redirects.ts';
import { RequireAuth } from './routing/RequireAuth.tsx';
import { RouteErrorScreen } from './routing/RouteErrorScreen.tsx';
import { lazyScreen } from './routing/lazyScreen.ts';

const loadPublicLayout = () => import('./layouts/PublicLayout.tsx');
const loadLoginPage = () => import('./features/auth/LoginPage.tsx');

/**
 * Fetches the sign-in screen's chunks ahead of the redirect to it (a visitor without a session
 * opening a protected screen), so they arrive with its texts rather than after the redirect.
 */
export function preloadSignIn(): void {
  void loadPublicLayout().catch(() => undefined);
  void loadLoginPage().catch(() => undefined);
}

/**
 * The route table. Every screen and layout is a lazy chunk. Later issues add their screens here
 * (search, folders, /support, /admin…); the profile menu shows Support and Admin as soon as their
 * paths exist in this table (see layouts/roleLinks.ts).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's lazy chunk loads.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        lazy: lazyScreen(loadPublicLayout, (m) => m.PublicLayout),
        children: [
          {
            path: PATHS.login,
            lazy: lazyScreen(loadLoginPage, (m) => m.LoginPage),
          },
          {
            path: '/public',
            children: [
              { index: true, element: <Navigate to={PATHS.login} replace /> },
              {
                path: 'forgot-password',
                lazy: lazyScreen(
                  () => import('./features/password-reset/ForgotPasswordPage.tsx'),
                  (m) => m.ForgotPasswordPage,
                ),
              },
              {
                path: 'forgot-password/verify',
                lazy: lazyScreen(
                  () => import('./features/password-reset/VerifyCodePage.tsx'),
                  (m) => m.VerifyCodePage,
                ),
              },
              {
                path: 'forgot-password/reset',
                lazy: lazyScreen(
                  () => import('./features/password-reset/ResetPasswordPage.tsx'),
                  (m) => m.ResetPasswordPage,
                ),
              },
            ],
          },
          {
            path: PATHS.signInCode,
            lazy: lazyScreen(
              () => import('./features/auth/SignInCodePage.tsx'),
              (m) => m.SignInCodePage,
            ),
          },
        ],
      },
      ...REDIRECTS.map((redirect) => ({ path: redirect.from, element: <RedirectRoute /> })),
      // A share link works in a browser without an account: outside RequireAuth, with its own layout.
      {
        path: PATHS.sharedLink,
        lazy: lazyScreen(
          () => import('./features/shares/SharedPage.tsx'),
          (m) => m.SharedPage,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyScreen(
              () => import('./layouts/MainLayout.tsx'),
              (m) => m.MainLayout,
            ),
            children: [
              {
                index: true,
                lazy: lazyScreen(
                  () => import('./features/search/SearchPage.tsx'),
                  (m) => m.SearchPage,
                ),
              },
              {
                path: PATHS.browse,
                lazy: lazyScreen(
                  () => import('./features/search/SearchPage.tsx'),
                  (m) => m.SearchPage,
                ),
              },
              {
                path: PATHS.exportLayout,
                lazy: lazyScreen(
                  () => import('./features/folders/FoldersPage.tsx'),
                  (m) => m.FoldersPage,
                ),
              },
              {
                path: PATHS.searchItemAlias,
                lazy: lazyScreen(
                  () => import('./features/search/SearchPage.tsx'),
                  (m) => m.SearchPage,
                ),
              },
              {
                path: PATHS.userSettings,
                lazy: lazyScreen(
                  () => import('./features/user-settings/UserSettingsPage.tsx'),
                  (m) => m.UserSettingsPage,
                ),
              },
              {
                path: PATHS.changelog,
                lazy: lazyScreen(
                  () => import('./features/changelog/ChangelogPage.tsx'),
                  (m) => m.ChangelogPage,
                ),
              },
              {
                path: PATHS.itemDetails,
                lazy: lazyScreen(
                  () => import('./features/item-details/ItemDetailsPage.tsx'),
                  (m) => m.ItemDetailsPage,
                ),
              },
              {
                path: PATHS.myShares,
                lazy: lazyScreen(
                  () => import('./features/shares/SharesPage.tsx'),
                  (m) => m.SharesPage,
                ),
              },
              {
                path: PATHS.commentSearch,
                lazy: lazyScreen(
                  () => import('./features/comments/CommentSearchPage.tsx'),
                  (m) => m.CommentSearchPage,
                ),
              },
              {
                path: PATHS.persons,
                lazy: lazyScreen(
                  () => import('./features/persons/PersonsPage.tsx'),
                  (m) => m.PersonsPage,
                ),
              },
              {
                path: PATHS.personDetails,
                lazy: lazyScreen(
                  () => import('./features/persons/PersonPage.tsx'),
                  (m) => m.PersonPage,
                ),
              },
              {
                path: PATHS.logEventSearch,
                lazy: lazyScreen(
                  () => import('./features/logging/LogEventSearchPage.tsx'),
                  (m) => m.LogEventSearchPage,
                ),
              },
              {
                path: PATHS.userTasks,
                lazy: lazyScreen(
                  () => import('./features/tasks/MyTasksPage.tsx'),
                  (m) => m.MyTasksPage,
                ),
              },
              {
                path: PATHS.activity,
                lazy: lazyScreen(
                  () => import('./features/activity/ActivityPage.tsx'),
                  (m) => m.ActivityPage,
                ),
              },
              {
                path: PATHS.folders,
                lazy: lazyScreen(
                  () => import('./features/folders/FoldersPage.tsx'),
                  (m) => m.FoldersPage,
                ),
              },
              {
                path: PATHS.recycleBin,
                lazy: lazyScreen(
                  () => import('./features/search/SearchPage.tsx'),
                  (m) => m.RecycleBinPage,
                ),
              },
              {
                path: PATHS.bookmarks,
                lazy: lazyScreen(
                  () => import('./features/bookmarks/BookmarksPage.tsx'),
                  (m) => m.BookmarksPage,
                ),
              },
              {
                path: PATHS.changePassword,
                lazy: lazyScreen(
                  () => import('./features/password-change/ChangePasswordPage.tsx'),
                  (m) => m.ChangePasswordPage,
                ),
              },
              {
                path: PATHS.myOrganization,
                lazy: lazyScreen(
                  () => import('./features/my-organisation/MyOrganisationPage.tsx'),
                  (m) => m.MyOrganisationPage,
                ),
              },
              {
                path: PATHS.cutter,
                lazy: lazyScreen(
                  () => import('./features/cutter/CutterPage.tsx'),
                  (m) => m.CutterPage,
                ),
              },
              {
                path: PATHS.settings,
                lazy: lazyScreen(
                  () => import('./features/tenant-admin/SettingsLayout.tsx'),
                  (m) => m.SettingsLayout,
                ),
                children: [
                  {
                    index: true,
                    lazy: lazyScreen(
                      () => import('./features/tenant-admin/SettingsLayout.tsx'),
                      (m) => m.SettingsIndex,
                    ),
                  },
                  {
                    path: 'users',
                    lazy: lazyScreen(
                      () => import('./features/users/UsersPage.tsx'),
                      (m) => m.UsersPage,
                    ),
                  },
                  {
                    path: 'groups',
                    lazy: lazyScreen(
                      () => import('./features/groups/GroupsPage.tsx'),
                      (m) => m.GroupsPage,
                    ),
                  },
                  {
                    path: 'system',
                    lazy: lazyScreen(
                      () => import('./features/tenant-admin/SystemSettingsPage.tsx'),
                      (m) => m.SystemSettingsPage,
                    ),
                  },
                  {
                    path: 'forms',
                    lazy: lazyScreen(
                      () => import('./features/metadata-forms/FormsSettingsPage.tsx'),
                      (m) => m.FormsSettingsPage,
                    ),
                  },
                  {
                    path: 'presets',
                    lazy: lazyScreen(
                      () => import('./features/presets/PresetsSettingsPage.tsx'),
                      (m) => m.PresetsSettingsPage,
                    ),
                  },
                  {
                    path: '*',
                    lazy: lazyScreen(
                      () => import('./features/not-found/NotFoundPage.tsx'),
                      (m) => m.NotFoundPage,
                    ),
                  },
                ],
              },
              {
                path: '*',
                lazy: lazyScreen(
                  () => import('./features/not-found/NotFoundPage.tsx'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
