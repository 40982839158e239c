import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meApi, authApi } from './auth.ts';
import { isApiError } from './errors.ts';
import { queryKeys } from './queryKeys.ts';
import type { Me } from './types.ts';

/** The signed-in user, or null when there is no session (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await meApi.get(signal);
  } catch (error) {
    if (isApiError(error) && (error.code === 'unauthorized' || error.code === 'account_deactivated')) {
      return null;
    }
    throw error;
  }
}

/** The current user's query: read by useMe, asked for ahead at start (main.tsx). */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Stores a `Me` answered by sign-in, reset or code routes as the current session. */
export function useSetSession() {
  const client = useQueryClient();
  return (me: Me) => {
    // Nothing cached for a previous session (another user, maybe) may show in this one.
    client.clear();
    client.setQueryData(queryKeys.me, me);
  };
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => authApi.logout(),
    onSettled: () => {
      client.clear();
      client.setQueryData(queryKeys.me, null);
    },
  });
}
