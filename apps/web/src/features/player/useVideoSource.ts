import { useEffect, useState, type RefObject } from 'react';
import { chooseVideoSource, type PlayerPlayback } from './playerChoice.ts';

export type SourceStatus = 'loading' | 'ready' | 'error';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Attaches the item's video to the element: HLS through hls.js (loaded on demand, so it stays out of
 * the main bundle), the browser's own HLS, or the progressive proxy. Ready once the metadata is in.
 */
export function useVideoSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  playback: Pick<PlayerPlayback, 'hlsUrl' | 'proxyUrl'>,
): SourceStatus {
  const { hlsUrl, proxyUrl } = playback;
  const [status, setStatus] = useState<SourceStatus>('loading');

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let destroyHls: (() => void) | null = null;
    setStatus('loading');

    const ready = () => {
      setStatus('ready');
    };
    const failed = () => {
      setStatus('error');
    };
    video.addEventListener('loadedmetadata', ready);

    const attach = async () => {
      const Hls = hlsUrl ? (await import('hls.js')).default : null;
      if (cancelled) return;
      const source = chooseVideoSource(
        { hlsUrl, proxyUrl },
        { hlsJs: Hls?.isSupported() ?? false, nativeHls: video.canPlayType(HLS_MIME) !== '' },
      );
      if (!source) {
        setStatus('error');
        return;
      }
      if (source.kind !== 'hls' || !Hls) {
        // With hls.js the element's errors are hls.js's to report (and maybe recover from).
        video.addEventListener('error', failed);
        video.src = source.url;
        return;
      }
      const hls = new Hls();
      let recovered = false;
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoding error is often recoverable once; anything else fatal ends playback.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          hls.recoverMediaError();
          return;
        }
        setStatus('error');
        destroyHls = null;
        hls.destroy();
      });
      hls.loadSource(source.url);
      hls.attachMedia(video);
      destroyHls = () => {
        hls.destroy();
      };
    };
    attach().catch((error: unknown) => {
      console.error('Video player: could not load the video', error);
      if (!cancelled) setStatus('error');
    });

    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', ready);
      video.removeEventListener('error', failed);
      // Spec: errors during video player clean-up are logged only.
      try {
        destroyHls?.();
        video.removeAttribute('src');
        video.load();
      } catch (error) {
        console.error('Video player clean-up failed', error);
      }
    };
  }, [videoRef, hlsUrl, proxyUrl]);

  return status;
}
