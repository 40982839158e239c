import type { User } from '../../api/types.ts';

export type UserAction =
  'edit' | 'invite' | 'activate' | 'deactivate' | 'hide' | 'show' | 'logout' | 'delete';

/** Why an action is offered but cannot be used: keys of the `admin` namespace (`users.blocked.*`). */
export type BlockReason = 'external' | 'self';

export interface ActionState {
  action: UserAction;
  blocked: BlockReason | null;
}

/**
 * The row actions of the users table. Spec §5: external users cannot be deleted or logged out (and
 * get no sign-in link: their account lives elsewhere). Administrators do not lock themselves out
 * from this list: deactivating, logging out or deleting one's own account is left to others.
 */
export function userActions(user: User, currentUserId: string): ActionState[] {
  const self = user.id === currentUserId;
  const externalOrSelf = (): BlockReason | null => (user.external ? 'external' : self ? 'self' : null);
  return [
    { action: 'edit', blocked: null },
    { action: 'invite', blocked: user.external ? 'external' : null },
    user.active
      ? { action: 'deactivate', blocked: self ? 'self' : null }
      : { action: 'activate', blocked: null },
    user.hidden ? { action: 'show', blocked: null } : { action: 'hide', blocked: null },
    { action: 'logout', blocked: externalOrSelf() },
    { action: 'delete', blocked: externalOrSelf() },
  ];
}

/** Actions that change or remove access ask for confirmation first. */
export function needsConfirmation(action: UserAction): boolean {
  return action === 'deactivate' || action === 'activate' || action === 'logout' || action === 'delete';
}
