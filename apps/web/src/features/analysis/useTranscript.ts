import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisApi, type TranscriptEdit } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useTranscriptRevisions(itemId: string) {
  return useQuery({
    queryKey: queryKeys.transcriptRevisions(itemId),
    queryFn: ({ signal }) => analysisApi.revisions(itemId, signal),
  });
}

/** An earlier revision's text; nothing is read while `revision` is null (the current one shows). */
export function useTranscriptRevision(itemId: string, revision: number | null) {
  return useQuery({
    queryKey: queryKeys.transcriptRevision(itemId, revision ?? 0),
    queryFn: ({ signal }) => analysisApi.revision(itemId, revision ?? 0, signal),
    enabled: revision !== null,
  });
}

/** Saves an edit as the next revision; the transcript, its revisions and the player's captions follow. */
export function useUpdateTranscript(itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: TranscriptEdit) => analysisApi.updateTranscript(itemId, edit),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.itemTranscript(itemId) }),
  });
}

export function useItemTranslation(itemId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.itemTranslation(itemId),
    queryFn: ({ signal }) => analysisApi.translation(itemId, signal),
    enabled,
  });
}
