import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi, type UpdateUserInput } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** User changes; each refreshes the users and groups lists (member counts) afterwards. */
export function useUserMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.users });
    void client.invalidateQueries({ queryKey: queryKeys.groups });
  };
  return {
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) => usersApi.update(id, input),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => usersApi.remove(id), onSuccess: refresh }),
    logout: useMutation({ mutationFn: (id: string) => usersApi.logout(id) }),
    invite: useMutation({ mutationFn: (id: string) => usersApi.invite(id) }),
  };
}
