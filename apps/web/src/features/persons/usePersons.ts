import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { personsApi, type PersonPatch } from '../../api/persons.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function usePerson(id: string) {
  return useQuery({ queryKey: queryKeys.person(id), queryFn: ({ signal }) => personsApi.get(id, signal) });
}

export function usePersonAppearances(id: string) {
  return useQuery({
    queryKey: queryKeys.personAppearances(id),
    queryFn: ({ signal }) => personsApi.appearances(id, signal),
  });
}

/** Names a person or marks them as a public figure; persons and item timelines are read again. */
export function useUpdatePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PersonPatch) => personsApi.update(id, patch),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['persons'] });
      await client.invalidateQueries({ queryKey: ['items', 'analysis'] });
    },
  });
}

export function useDeletePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => personsApi.remove(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['persons'] });
      await client.invalidateQueries({ queryKey: ['items', 'analysis'] });
    },
  });
}
