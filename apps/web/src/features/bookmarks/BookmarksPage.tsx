import { Stack, Title } from '@mantine/core';
import type { BookmarkSection } from '@skald/domain';
import type { Bookmark } from '../../api/bookmarks.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { notifyError } from '../../components/notify.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { NoAccess } from '../tenant-admin/NoAccess.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { BookmarkDeleteDialog } from './BookmarkDeleteDialog.tsx';
import { BookmarkFormModal } from './lazyDialogs.ts';
import { BookmarksTable } from './BookmarksTable.tsx';
import { useBookmarkAbilities, useBookmarkList, useBookmarkMutations } from './useBookmarks.ts';

type Dialog = { kind: 'form'; bookmark: Bookmark } | { kind: 'delete'; bookmark: Bookmark };

const SECTIONS: readonly BookmarkSection[] = ['bookmarks', 'filters'];

/**
 * /bookmarks: the user's bookmarks and filters, and the system ones they see, in navigation order.
 * Managers of system bookmarks also see the hidden ones and those of other groups here.
 */
export function BookmarksPage() {
  const { t } = useTranslation('bookmarks');
  const { canUse } = useBookmarkAbilities();
  const dialogs = useDialogState<Dialog>();
  const form = dialogs.of('form');
  const remove = dialogs.of('delete');
  if (!canUse) return <NoAccess />;
  return (
    <Stack maw={960}>
      <PageHeading title={t('page.title')} description={t('page.description')} />
      {SECTIONS.map((section) => (
        <SectionPanel
          key={section}
          section={section}
          onEdit={(bookmark) => {
            dialogs.open({ kind: 'form', bookmark });
          }}
          onDelete={(bookmark) => {
            dialogs.open({ kind: 'delete', bookmark });
          }}
        />
      ))}
      <BookmarkFormModal {...form.props} data={form.data} />
      <BookmarkDeleteDialog {...remove.props} bookmark={remove.data?.bookmark ?? null} />
    </Stack>
  );
}

interface SectionPanelProps {
  section: BookmarkSection;
  onEdit: (bookmark: Bookmark) => void;
  onDelete: (bookmark: Bookmark) => void;
}

function SectionPanel({ section, onEdit, onDelete }: SectionPanelProps) {
  const { t } = useTranslation(['bookmarks', 'layout']);
  const { describe } = useErrorMessage();
  const { canManageSystem } = useBookmarkAbilities();
  const list = useBookmarkList(canManageSystem ? 'manage' : 'navigation', section);
  const { reorder } = useBookmarkMutations();
  const heading = t(`layout:nav.sections.${section}`);
  return (
    <Stack gap="xs" component="section" aria-labelledby={`bookmarks-${section}`}>
      <Title order={2} size="h4" id={`bookmarks-${section}`}>
        {heading}
      </Title>
      <ListPanel
        list={list}
        empty={
          <EmptyState title={t(`navigation.empty.${section}`)} description={t(`page.emptyHint.${section}`)} />
        }
      >
        {(bookmarks) => (
          <BookmarksTable
            label={heading}
            testId={`bookmarks-table-${section}`}
            bookmarks={bookmarks}
            onMove={(ids) => {
              reorder.mutate(ids, {
                onError: (error) => {
                  notifyError(describe(error));
                },
              });
            }}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      </ListPanel>
    </Stack>
  );
}
