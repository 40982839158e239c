import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDialogState } from '../../components/useDialogState.ts';
import { pageTargetOf, suggestedTitle } from './bookmarkLinks.ts';
import type { BookmarkFormData } from './BookmarkFormModal.tsx';
import { BookmarkFormModal } from './lazyDialogs.ts';
import { useBookmarkAbilities } from './useBookmarks.ts';

type Dialog = { kind: 'form' } & BookmarkFormData;

/**
 * Bookmarks the page on screen: a search screen's search becomes a filter, a folder, item or
 * person page points at that one, any other page is bookmarked by its address. Nothing for users
 * without general.bookmarks. The layout's header has one; a screen may place another in its toolbar.
 */
export function BookmarkCurrentPageButton() {
  // Checked first, so that users without bookmarks do not load their texts.
  return useBookmarkAbilities().canUse ? <BookmarkButton /> : null;
}

function BookmarkButton() {
  const { t } = useTranslation('bookmarks');
  const location = useLocation();
  const dialogs = useDialogState<Dialog>();
  const form = dialogs.of('form');
  const page = pageTargetOf(location);
  const label = t(page.kind === 'search' ? 'saveSearch' : 'bookmarkPage');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="bookmark-page"
          onClick={() => {
            // The page's heading names it best; read when asked, as the page has drawn it by then.
            const heading = document.querySelector('#main-content h1')?.textContent;
            dialogs.open({ kind: 'form', page, title: suggestedTitle(page, heading) });
          }}
        >
          <IconBookmarkPlus size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <BookmarkFormModal {...form.props} data={form.data} />
    </>
  );
}
