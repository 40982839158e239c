import { useTranslation } from 'react-i18next';
import type { Folder } from '../../api/folders.ts';
import { AccessForm } from '../access/AccessForm.tsx';
import { AccessModal } from '../access/AccessModal.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useFolderMutations } from './useFolderMutations.ts';

interface FolderAccessModalProps extends DialogProps {
  /** Kept while the modal closes. */
  folder: Folder | null;
}

/** Who sees a folder and who may change it. */
export function FolderAccessModal({ folder, ...dialog }: FolderAccessModalProps) {
  const { t } = useTranslation('folders');
  return (
    <AccessModal {...dialog} title={t('access.title', { name: folder?.name ?? '' })}>
      {folder && <FolderAccessForm folder={folder} onClose={dialog.onClose} />}
    </AccessModal>
  );
}

function FolderAccessForm({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { t } = useTranslation('folders');
  const { update } = useFolderMutations();
  return (
    <AccessForm
      current={folder}
      descriptions={{
        visibleTo: t('access.visibleTo.description'),
        updatableBy: t('access.updatableBy.description'),
      }}
      saving={update.isPending}
      error={update.isError ? update.error : null}
      onSubmit={(input) => {
        update.mutate(
          { id: folder.id, input },
          {
            onSuccess: (saved) => {
              notifySuccess(t('access.saved', { name: saved.name }));
              onClose();
            },
          },
        );
      }}
      onCancel={onClose}
    />
  );
}
