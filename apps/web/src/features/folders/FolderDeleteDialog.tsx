import { useTranslation } from 'react-i18next';
import type { Folder } from '../../api/folders.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFolderMutations } from './useFolderMutations.ts';

interface FolderDeleteDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  folder: Folder | null;
  onDeleted: (folder: Folder) => void;
}

/** Deleting a folder sends its items to the recycle bin and removes its subfolders: it says so first. */
export function FolderDeleteDialog({
  opened,
  folder,
  onClose,
  onExitTransitionEnd,
  onDeleted,
}: FolderDeleteDialogProps) {
  const { t } = useTranslation('folders');
  const { describe } = useErrorMessage();
  const { remove } = useFolderMutations();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('deleteFolder.title')}
      message={t('deleteFolder.message', { name: folder?.name ?? '' })}
      confirmLabel={t('deleteFolder.confirm')}
      loading={remove.isPending}
      error={remove.isError ? describe(remove.error) : undefined}
      onConfirm={() => {
        if (!folder) return;
        remove.mutate(folder.id, {
          onSuccess: () => {
            notifySuccess(t('deleteFolder.done', { name: folder.name }));
            onDeleted(folder);
            onClose();
          },
        });
      }}
      onClose={onClose}
      onExitTransitionEnd={() => {
        remove.reset();
        onExitTransitionEnd();
      }}
    />
  );
}
