import type { Me } from '../api/types.ts';

export interface RoleLink {
  key: 'support' | 'admin';
  path: string;
  visible: (me: Me) => boolean;
}

/**
 * Profile menu entries for the Support and Admin screens (spec §2, §6). Their screens come with later
 * issues: an entry shows only once its path is in the route table, so adding the route is all it takes.
 */
export const ROLE_LINKS: readonly RoleLink[] = [
  { key: 'support', path: '/support', visible: (me) => me.roles.support },
  { key: 'admin', path: '/admin', visible: (me) => me.roles.superAdmin || me.roles.admin },
];

export function visibleRoleLinks(me: Me, builtPaths: ReadonlySet<string>): RoleLink[] {
  return ROLE_LINKS.filter((link) => builtPaths.has(link.path) && link.visible(me));
}
