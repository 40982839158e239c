import { ActionIcon, Text, Tooltip } from '@mantine/core';
import type { BookmarkSection } from '@skald/domain';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NavEntry } from '../../layouts/NavEntry.tsx';
import { PATHS } from '../../routing/paths.ts';
import { bookmarkHref } from './bookmarkLinks.ts';
import { BookmarkGlyph, iconOf } from './BookmarkGlyph.tsx';
import { useBookmarkList } from './useBookmarks.ts';

/** The user's bookmarks of one navigation section (spec §2 Bookmarks, Filters), each a link. */
export function BookmarkNavEntries({
  section,
  onNavigate,
}: {
  section: BookmarkSection;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('bookmarks');
  const list = useBookmarkList('navigation', section);
  const { pathname, search } = useLocation();
  if (list.isPending) return null;
  if (list.isError) return <NavNote>{t('navigation.loadFailed')}</NavNote>;
  const entries = list.data.items;
  if (entries.length === 0) return <NavNote>{t(`navigation.empty.${section}`)}</NavNote>;
  return entries.map((bookmark) => {
    const href = bookmarkHref(bookmark);
    return (
      <NavEntry
        key={bookmark.id}
        to={href}
        label={bookmark.title}
        icon={<BookmarkGlyph icon={iconOf(bookmark)} />}
        active={href === `${pathname}${search}`}
        onClick={onNavigate}
      />
    );
  });
}

function NavNote({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" px="sm" py={4}>
      {children}
    </Text>
  );
}

/** To the page where bookmarks and filters are edited, ordered and deleted. */
export function ManageBookmarksLink({ section }: { section: BookmarkSection }) {
  const { t } = useTranslation('bookmarks');
  const label = t(`navigation.manage.${section}`);
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to={PATHS.bookmarks}
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
      >
        <IconSettings size={14} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
