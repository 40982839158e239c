import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { UserAction } from './userActions.ts';
import { useRunUserAction } from './useRunUserAction.ts';

interface UserActionDialogProps {
  user: User | null;
  action: UserAction | null;
  onClose: () => void;
}

/** Confirmation before activating, deactivating, logging out or deleting a user. */
export function UserActionDialog({ user, action, onClose }: UserActionDialogProps) {
  const { t } = useTranslation('admin');
  const { run, pending } = useRunUserAction();
  const opened = user !== null && action !== null && action !== 'edit';
  const key = action ?? 'delete';
  return (
    <ConfirmDialog
      opened={opened}
      title={t(`users.confirm.${key}.title`)}
      message={t(`users.confirm.${key}.message`, { name: user?.name ?? '', email: user?.email ?? '' })}
      confirmLabel={t(`users.confirm.${key}.confirm`)}
      destructive={action !== 'activate'}
      loading={pending}
      onClose={onClose}
      onConfirm={() => {
        if (!user || !action || action === 'edit') return;
        void run(user, action).then((ok) => {
          if (ok) onClose();
        });
      }}
    />
  );
}
