import type { AnalysisJobKind, TranscriptionLanguage } from '@skald/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analysisApi } from '../../api/analysis.ts';
import type { AnalysisState } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';

// While an analysis runs the item is read again this often: the events stream carries transcoding only.
const RUNNING_POLL_MS = 2_000;

export const isRunning = (state: AnalysisState) =>
  state.state === 'initiated' || state.state === 'progressing';

export function useItemAnalysis(itemId: string) {
  return useQuery({
    queryKey: queryKeys.itemAnalysis(itemId),
    queryFn: ({ signal }) => analysisApi.timeline(itemId, signal),
  });
}

export function useItemTranscript(itemId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.itemTranscript(itemId),
    queryFn: ({ signal }) => analysisApi.transcript(itemId, signal),
    enabled,
  });
}

/** Starts an analysis; the item (its states) and its results are read again. */
export function useStartAnalysis(itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language }: { kind: AnalysisJobKind; language?: TranscriptionLanguage }) =>
      analysisApi.start(itemId, kind, language),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.item(itemId) }),
  });
}

/**
 * Keeps the item and its results fresh while any of `states` runs, and once more when it ends.
 */
export function useFollowRunning(itemId: string, states: readonly AnalysisState[]): void {
  const client = useQueryClient();
  const running = states.some(isRunning);
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: queryKeys.item(itemId) });
      void client.invalidateQueries({ queryKey: queryKeys.itemAnalysis(itemId) });
      void client.invalidateQueries({ queryKey: queryKeys.itemTranscript(itemId) });
      void client.invalidateQueries({ queryKey: queryKeys.itemTranslation(itemId) });
    };
    if (!running) return undefined;
    const timer = setInterval(refresh, RUNNING_POLL_MS);
    return () => {
      clearInterval(timer);
      refresh();
    };
  }, [client, itemId, running]);
}
