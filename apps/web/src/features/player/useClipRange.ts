import { useEffect, type RefObject } from 'react';

/** The part of the media a virtual clip plays, in seconds of its source. */
export interface ClipRange {
  startSeconds: number;
  endSeconds: number;
}

/**
 * Keeps a player within a virtual clip's range of its source's streams: it starts at the in point,
 * stops at the out point, and plays from the in point again when started there or outside the range.
 */
export function useClipRange(ref: RefObject<HTMLMediaElement | null>, range: ClipRange | null): void {
  const start = range?.startSeconds ?? null;
  const end = range?.endSeconds ?? null;
  useEffect(() => {
    const media = ref.current;
    if (!media || start === null || end === null) return;
    const toStart = () => {
      media.currentTime = start;
    };
    const keep = () => {
      if (media.currentTime >= end) {
        media.pause();
        media.currentTime = end;
      } else if (media.currentTime < start - 0.02) media.currentTime = start;
    };
    const onPlay = () => {
      if (media.currentTime >= end - 0.02 || media.currentTime < start) toStart();
    };
    if (media.readyState >= 1) toStart();
    media.addEventListener('loadedmetadata', toStart);
    media.addEventListener('timeupdate', keep);
    media.addEventListener('play', onPlay);
    return () => {
      media.removeEventListener('loadedmetadata', toStart);
      media.removeEventListener('timeupdate', keep);
      media.removeEventListener('play', onPlay);
    };
  }, [ref, start, end]);
}
