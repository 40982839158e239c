import { Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../api/currentUser.ts';
import { BookmarkNavEntries, ManageBookmarksLink } from '../features/bookmarks/BookmarkNavEntries.tsx';
import { NavEntry } from './NavEntry.tsx';
import { limitNavigation, useFeatureSet } from './featureSets.ts';
import { navigationFor, type NavItem } from './navigation.ts';

function isActive(item: NavItem, pathname: string): boolean {
  if (item.prefix) return pathname === item.path || pathname.startsWith(`${item.path}/`);
  return pathname === item.path;
}

export function MainNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('layout');
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const featureSet = useFeatureSet();
  return (
    <ScrollArea component="nav" aria-label={t('nav.label')} p="sm">
      <Stack gap="lg">
        {limitNavigation(navigationFor(me), featureSet).map((section) => (
          <Stack key={section.key} component="section" aria-labelledby={`nav-section-${section.key}`} gap={2}>
            <Group justify="space-between" wrap="nowrap" px="sm" pb={4}>
              <Text id={`nav-section-${section.key}`} size="xs" fw={700} c="dimmed" tt="uppercase">
                {t(`nav.sections.${section.key}`)}
              </Text>
              {/* Its own boundary: the bookmarks' texts load with them, not with the layout. */}
              {section.bookmarks && (
                <Suspense fallback={null}>
                  <ManageBookmarksLink section={section.bookmarks} />
                </Suspense>
              )}
            </Group>
            {section.items.map((item) => (
              <NavEntry
                key={item.key}
                to={item.path}
                label={t(`nav.${item.key}`)}
                icon={<item.icon size={18} stroke={1.6} />}
                active={isActive(item, pathname)}
                onClick={onNavigate}
              />
            ))}
            {section.bookmarks && (
              <Suspense fallback={null}>
                <BookmarkNavEntries section={section.bookmarks} onNavigate={onNavigate} />
              </Suspense>
            )}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
