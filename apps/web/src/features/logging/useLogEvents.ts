import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { logEventsApi, type LogEventInput, type LogEventPatch } from '../../api/logEvents.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useItemLogEvents(itemId: string) {
  return useQuery({
    queryKey: queryKeys.logEvents(itemId),
    queryFn: ({ signal }) => logEventsApi.list(itemId, signal),
  });
}

/** Every change refreshes the item's events and its history (each change is written there). */
export function useLogEventMutations(itemId: string) {
  const client = useQueryClient();
  const onSettled = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.logEvents(itemId) }),
      client.invalidateQueries({ queryKey: queryKeys.itemHistory(itemId) }),
    ]);
  };
  return {
    create: useMutation({
      mutationFn: (input: LogEventInput) => logEventsApi.create(itemId, input),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: LogEventPatch }) => logEventsApi.update(id, patch),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (id: string) => logEventsApi.remove(id), onSettled }),
  };
}

export type LogEventMutations = ReturnType<typeof useLogEventMutations>;
