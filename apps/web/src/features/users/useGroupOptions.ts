import { useQuery } from '@tanstack/react-query';
import { groupsApi } from '../../api/admin.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const ALL_GROUPS = { search: '', from: 0, itemsPerPage: 500 };

/** All groups of the tenant as options for a group picker. */
export function useGroupOptions() {
  const query = useQuery({
    queryKey: queryKeys.groupList(ALL_GROUPS),
    queryFn: ({ signal }) => groupsApi.list(ALL_GROUPS, signal),
  });
  const options = (query.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }));
  return { options, isPending: query.isPending, isError: query.isError };
}

/**
 * The groups a user may restrict something to (folder access, system bookmarks): every group of
 * the tenant for its administrators (the same query as useGroupOptions), otherwise the user's own
 * groups, the only ones they can see.
 */
export function useRestrictionGroupOptions() {
  const me = useCurrentUser();
  const all = useQuery({
    queryKey: queryKeys.groupList(ALL_GROUPS),
    queryFn: ({ signal }) => groupsApi.list(ALL_GROUPS, signal),
    enabled: me.roles.tenantAdmin,
  });
  const groups = me.roles.tenantAdmin ? (all.data?.items ?? []) : me.user.groups;
  return groups.map((group) => ({ value: group.id, label: group.name }));
}
