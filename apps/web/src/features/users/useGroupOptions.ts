import { useQuery } from '@tanstack/react-query';
import { groupsApi } from '../../api/admin.ts';
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
