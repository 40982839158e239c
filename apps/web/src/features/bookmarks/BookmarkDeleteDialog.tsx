import type { Bookmark } from '../../api/bookmarks.ts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useBookmarkMutations } from './useBookmarks.ts';

interface BookmarkDeleteDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  bookmark: Bookmark | null;
}

export function BookmarkDeleteDialog({
  opened,
  bookmark,
  onClose,
  onExitTransitionEnd,
}: BookmarkDeleteDialogProps) {
  const { t } = useTranslation(['bookmarks', 'common']);
  const { describe } = useErrorMessage();
  const { remove } = useBookmarkMutations();
  const title = bookmark?.title ?? '';
  return (
    <ConfirmDialog
      opened={opened}
      title={t(bookmark?.kind === 'search' ? 'delete.filterTitle' : 'delete.bookmarkTitle')}
      message={t(bookmark?.scope === 'system' ? 'delete.systemMessage' : 'delete.message', { title })}
      confirmLabel={t('common:delete')}
      loading={remove.isPending}
      error={remove.isError ? describe(remove.error) : undefined}
      onConfirm={() => {
        if (!bookmark) return;
        remove.mutate(bookmark.id, {
          onSuccess: () => {
            notifySuccess(t('deleted', { title }));
            onClose();
          },
        });
      }}
      onClose={onClose}
      onExitTransitionEnd={() => {
        // Not on close: the error stays as it was while the dialog fades out.
        remove.reset();
        onExitTransitionEnd();
      }}
    />
  );
}
