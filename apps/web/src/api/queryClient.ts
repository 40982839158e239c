import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors.ts';
import { queryKeys } from './queryKeys.ts';
import { retryDelay, shouldRetry } from './retry.ts';

/**
 * A 401 anywhere means the session is gone: forgetting the current user makes the protected routes send
 * the user to the login screen (and back afterwards). A 403 `mfa_setup_required` means the tenant now
 * enforces MFA: reloading the current user routes them to the MFA set-up.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        reactToSessionErrors(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        reactToSessionErrors(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

  function reactToSessionErrors(error: unknown): void {
    if (!isApiError(error)) return;
    if (error.code === 'unauthorized' && client.getQueryData(queryKeys.me)) {
      client.setQueryData(queryKeys.me, null);
    } else if (error.code === 'mfa_setup_required' || error.code === 'account_deactivated') {
      void client.invalidateQueries({ queryKey: queryKeys.me });
    }
  }

  return client;
}
