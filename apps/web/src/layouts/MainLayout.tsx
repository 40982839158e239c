import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';
import { useCurrentUser } from '../api/currentUser.ts';
import { LanguageMenu } from '../components/LanguageMenu.tsx';
import { LoadingState } from '../components/LoadingState.tsx';
import { BookmarkCurrentPageButton } from '../features/bookmarks/BookmarkCurrentPageButton.tsx';
import { SkaldLogo } from '../components/SkaldLogo.tsx';
import { HeaderUploadButton, UploadLauncher } from '../features/upload/UploadLauncher.tsx';
import { NavigationPending } from '../routing/NavigationPending.tsx';
import { useHeadingFocus } from '../routing/useHeadingFocus.ts';
import { PATHS } from '../routing/paths.ts';
import { showsBookmarks, useFeatureSet } from './featureSets.ts';
import { MainNavigation } from './MainNavigation.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { LazyPart, lazyComponent } from '../components/LazyPart.tsx';

const NotificationCenter = lazyComponent(
  () => import('../features/notifications/NotificationCenter.tsx'),
  (m) => m.NotificationCenter,
);

export function MainLayout() {
  const { t } = useTranslation('layout');
  const me = useCurrentUser();
  const [navOpened, nav] = useDisclosure(false);
  useHeadingFocus();
  // The folder view has its own Upload button, for the open folder.
  const inFolders = useMatch(PATHS.folders) !== null;
  const featureSet = useFeatureSet();

  return (
    <UploadLauncher>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="lg"
      >
        <a className="skip-link" href="#main-content">
          {t('skipToContent')}
        </a>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t(navOpened ? 'nav.close' : 'nav.open')}
              />
              <Link
                to={PATHS.searchItem}
                aria-label={t('homeLink', { app: t('common:appName') })}
                style={{ color: 'inherit', textDecoration: 'none' }}
              >
                <SkaldLogo />
              </Link>
              <Text size="sm" c="dimmed" visibleFrom="md" lineClamp={1}>
                {me.tenant.name}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NavigationPending />
              {!inFolders && <HeaderUploadButton />}
              {/* Its own boundary: the bookmarks' texts load with it, not with the layout. */}
              {showsBookmarks(featureSet) && (
                <Suspense fallback={null}>
                  <BookmarkCurrentPageButton />
                </Suspense>
              )}
              {/* A chunk of its own with its texts: the first load stays within its budget. */}
              <LazyPart loading={null}>
                <NotificationCenter />
              </LazyPart>
              <LanguageMenu />
              <ProfileMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <MainNavigation onNavigate={nav.close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </UploadLauncher>
  );
}
