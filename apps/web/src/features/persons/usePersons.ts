import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** Names a person or marks them as a public figure. */
export function useUpdatePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PersonPatch) => personsApi.update(id, patch),
    onSuccess: () => refreshAfterChange(client),
  });
}

export function useDeletePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => personsApi.remove(id),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** Merges another person into this one (their faces take this one's name). */
export function useMergePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otherId: string) => personsApi.merge(id, otherId),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** Spec §6 person.create: a person made by hand. */
export function useCreatePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => personsApi.create(name),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** Adds a picture of the person, or takes an image away. */
export function usePersonImages(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.person(id) });
  return {
    add: useMutation({ mutationFn: (picture: File) => personsApi.addImage(id, picture), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (imageId: string) => personsApi.removeImage(id, imageId),
      onSuccess: refresh,
    }),
  };
}

/** The persons and the item timelines (faces carry names) are read again. */
async function refreshAfterChange(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: ['persons'] });
  await client.invalidateQueries({ queryKey: ['items', 'analysis'] });
}
