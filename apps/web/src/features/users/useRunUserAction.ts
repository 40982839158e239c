import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { UserAction } from './userActions.ts';
import { useUserMutations } from './useUserMutations.ts';

/** Performs a row action (other than edit) and tells the user how it went. */
export function useRunUserAction() {
  const { t } = useTranslation(['admin', 'messages']);
  const { describe } = useErrorMessage();
  const { update, remove, logout, invite } = useUserMutations();

  const run = useCallback(
    async (user: User, action: Exclude<UserAction, 'edit'>): Promise<boolean> => {
      try {
        switch (action) {
          case 'activate':
          case 'deactivate':
            await update.mutateAsync({ id: user.id, input: { active: action === 'activate' } });
            break;
          case 'hide':
          case 'show':
            await update.mutateAsync({ id: user.id, input: { hidden: action === 'hide' } });
            break;
          case 'logout':
            await logout.mutateAsync(user.id);
            break;
          case 'invite':
            await invite.mutateAsync(user.id);
            break;
          case 'delete':
            await remove.mutateAsync(user.id);
            break;
        }
        notifySuccess(t(`admin:users.done.${action}`, { name: user.name }));
        return true;
      } catch (error) {
        const updating =
          action === 'activate' || action === 'deactivate' || action === 'hide' || action === 'show';
        // Spec §8: a failed update says 'Failed to update user, please try again later'.
        notifyError(
          describe(error, updating ? { fallbackKey: 'messages:failedToUpdateUser' } : {}),
          updating ? t('messages:failedToUpdateUser') : t(`admin:users.failed.${action}`),
        );
        return false;
      }
    },
    [describe, invite, logout, remove, t, update],
  );

  const pending = update.isPending || remove.isPending || logout.isPending || invite.isPending;
  return { run, pending };
}
