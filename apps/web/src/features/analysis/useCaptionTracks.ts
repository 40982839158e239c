import { useTranslation } from 'react-i18next';
import { captionsUrl, type TranscriptSegment } from '../../api/analysis.ts';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import type { CaptionTrack } from '../player/captionTrack.ts';
import { useItemTranscript } from './useAnalysis.ts';
import { useItemTranslation } from './useTranscript.ts';

/** A short hash (FNV-1a) of the cues: a track is read again when its text or times change. */
function textHash(segments: readonly TranscriptSegment[]): string {
  let hash = 0x811c9dc5;
  for (const s of segments)
    for (const c of `${s.startMs}-${s.endMs}:${s.text}|`)
      hash = Math.imul(hash ^ (c.codePointAt(0) ?? 0), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The player's captions (issue 14 §3): the transcript, then each translation, as WebVTT from the
 * captions route; none for a caller without the Transcript tab or an item without a transcript.
 */
export function useCaptionTracks(item: Pick<Item, 'id' | 'itemType'>): CaptionTrack[] {
  const { t } = useTranslation('analysis', { useSuspense: false });
  const me = useCurrentUser();
  const video = item.itemType === 'video';
  const transcript = useItemTranscript(item.id, video && hasPermission(me, 'ui.transcript'));
  const translation = useItemTranslation(item.id, video && hasPermission(me, 'ui.translation'));
  const spoken = transcript.data?.segments.length ? transcript.data.language : null;
  if (!spoken) return [];
  const track = (
    language: string,
    segments: readonly TranscriptSegment[],
    ofTranscript: boolean,
  ): CaptionTrack => ({
    key: `${language}-${textHash(segments)}`,
    src: captionsUrl(item.id, 'vtt', ofTranscript ? {} : { language }),
    srcLang: language,
    label: t(`languages.${language}`, { defaultValue: language }),
  });
  return [
    track(spoken, transcript.data?.segments ?? [], true),
    ...(translation.data?.items ?? []).map((x) => track(x.language, x.segments, false)),
  ];
}
