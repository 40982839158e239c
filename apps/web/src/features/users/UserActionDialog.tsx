import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { DialogProps } from '../../components/useDialogState.ts';
import type { UserAction } from './userActions.ts';
import { useRunUserAction } from './useRunUserAction.ts';

interface UserActionDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  user: User | null;
  action: UserAction | null;
}

/** Confirmation before activating, deactivating, logging out or deleting a user. */
export function UserActionDialog(props: UserActionDialogProps) {
  const { opened, user, action, onClose, onExitTransitionEnd } = props;
  const { t } = useTranslation('admin');
  const { run, pending } = useRunUserAction();
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
      onExitTransitionEnd={onExitTransitionEnd}
      onConfirm={() => {
        if (!user || !action || action === 'edit') return;
        void run(user, action).then((ok) => {
          if (ok) onClose();
        });
      }}
    />
  );
}
