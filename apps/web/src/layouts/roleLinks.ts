import type { Me } from '../api/types.ts';
import { PATHS } from '../routing/paths.ts';

export interface RoleLink {
  key: 'myOrganization' | 'support' | 'admin';
  path: string;
  visible: (me: Me) => boolean;
}

/**
 * Profile menu entries for the screens of a role (spec §2, §6): My Organization for tenant
 * administrators, Support and Admin. An entry shows only once its path is in the route table (the
 * Support and Admin screens come with later issues), so adding the route is all it takes.
 */
export const ROLE_LINKS: readonly RoleLink[] = [
  { key: 'myOrganization', path: PATHS.myOrganization, visible: (me) => me.roles.tenantAdmin },
  { key: 'support', path: '/support', visible: (me) => me.roles.support },
  { key: 'admin', path: '/admin', visible: (me) => me.roles.superAdmin || me.roles.admin },
];

export function visibleRoleLinks(me: Me, builtPaths: ReadonlySet<string>): RoleLink[] {
  return ROLE_LINKS.filter((link) => builtPaths.has(link.path) && link.visible(me));
}
