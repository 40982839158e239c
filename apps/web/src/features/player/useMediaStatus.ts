import { useEffect, useState, type RefObject } from 'react';
import type { SourceStatus } from './useVideoSource.ts';

/** Loading until the element has the metadata of `src`, error when it cannot load it. */
export function useMediaStatus(mediaRef: RefObject<HTMLMediaElement | null>, src: string): SourceStatus {
  const [status, setStatus] = useState<SourceStatus>('loading');
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return undefined;
    setStatus(media.readyState >= HTMLMediaElement.HAVE_METADATA ? 'ready' : 'loading');
    const ready = () => {
      setStatus('ready');
    };
    const failed = () => {
      setStatus('error');
    };
    media.addEventListener('loadedmetadata', ready);
    media.addEventListener('error', failed);
    return () => {
      media.removeEventListener('loadedmetadata', ready);
      media.removeEventListener('error', failed);
    };
  }, [mediaRef, src]);
  return status;
}
