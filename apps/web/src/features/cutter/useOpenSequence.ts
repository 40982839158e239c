import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { itemsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sequencesApi } from '../../api/sequences.ts';
import type { SequenceDraft } from './useSequenceDraft.ts';

/** Opens the saved sequence `sequenceId` (the cutter's `?sequence=`) in the draft, once it is read. */
export function useOpenSequence(sequenceId: string | null, draft: SequenceDraft) {
  const item = useQuery({
    queryKey: queryKeys.item(sequenceId ?? ''),
    queryFn: ({ signal }) => itemsApi.get(sequenceId ?? '', signal),
    enabled: sequenceId !== null,
  });
  const clips = useQuery({
    queryKey: queryKeys.sequenceClips(sequenceId ?? ''),
    queryFn: ({ signal }) => sequencesApi.clips(sequenceId ?? '', signal),
    enabled: sequenceId !== null,
  });
  const openId = draft.sequence?.id ?? null;
  const { open } = draft;
  useEffect(() => {
    if (sequenceId === null || openId === sequenceId || !item.data || !clips.data) return;
    open({ id: sequenceId, title: item.data.title, canUpdate: item.data.canUpdate }, clips.data.clips);
  }, [sequenceId, openId, open, item.data, clips.data]);
  const error = item.error ?? clips.error;
  return {
    loading: sequenceId !== null && openId !== sequenceId && error === null,
    error,
    retry: () => {
      void item.refetch();
      void clips.refetch();
    },
  };
}
