import { createContext, useContext } from 'react';
import type { Permission } from '@skald/domain';
import type { Me } from './types.ts';

/** Provided by the authentication guard: below it there always is a signed-in user. */
export const CurrentUserContext = createContext<Me | null>(null);

export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser is used outside the authenticated routes');
  return me;
}

/** Uses the server's effective permissions (domain rules, implications and role grants applied). */
export function hasPermission(me: Me, permission: Permission): boolean {
  return me.permissions.includes(permission);
}
