import { Group, Loader, Stack, Text } from '@mantine/core';
import { clipSeconds, frameToSeconds, sequenceTimeline } from '@skald/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { DraftClip } from './useSequenceDraft.ts';

/**
 * The whole sequence in the browser, rendering nothing: each clip's range of its source's proxy,
 * one after the other, with native controls (the keyboard's too).
 */
export function SequencePreview({ clips }: { clips: readonly DraftClip[] }) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(0);
  const [ended, setEnded] = useState(false);
  const ids = [...new Set(clips.map((c) => c.sourceItemId))];
  const sources = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.item(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => itemsApi.get(id, signal),
    })),
  });
  const urls = new Map(ids.map((id, i) => [id, sources[i]?.data?.playback?.proxyUrl ?? null]));
  const clip = clips[index];
  const url = clip ? (urls.get(clip.sourceItemId) ?? null) : null;

  // Each clip starts at its in point; its out point moves on to the next.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !clip || url === null) return;
    const start = frameToSeconds(clip.inFrame, clip.frameRate);
    const end = frameToSeconds(clip.outFrame, clip.frameRate);
    const begin = () => {
      video.currentTime = start;
      void video.play().catch(() => undefined);
    };
    const onTime = () => {
      if (video.currentTime < end) return;
      video.pause();
      if (index + 1 < clips.length) setIndex(index + 1);
      else setEnded(true);
    };
    if (video.getAttribute('src') !== url) {
      video.src = url;
      video.addEventListener('loadedmetadata', begin, { once: true });
    } else begin();
    video.addEventListener('timeupdate', onTime);
    return () => {
      video.removeEventListener('loadedmetadata', begin);
      video.removeEventListener('timeupdate', onTime);
    };
  }, [clip, url, index, clips.length]);

  const failed = sources.find((s) => s.isError);
  if (failed?.error) return <ErrorAlert>{describe(failed.error)}</ErrorAlert>;
  if (sources.some((s) => s.isPending)) return <Loader size="sm" aria-label={t('sequence.previewLoading')} />;
  const { total } = sequenceTimeline(clips.map((c) => clipSeconds(c, c.frameRate)));
  return (
    <Stack gap="xs">
      <video
        ref={videoRef}
        controls
        playsInline
        aria-label={t('sequence.preview')}
        data-testid="sequence-preview-video"
        style={{ width: '100%', maxHeight: 360, background: 'black' }}
      />
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="sequence-preview-status" data-clip={index}>
          {ended
            ? t('sequence.previewEnded')
            : t('sequence.previewPlaying', {
                number: index + 1,
                count: clips.length,
                title: clip?.title ?? '',
              })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('sequence.totalSeconds', { seconds: total.toFixed(2) })}
        </Text>
      </Group>
    </Stack>
  );
}
