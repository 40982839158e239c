import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { framesPerSecond } from './frameMath.ts';
import classes from './player.module.css';
import type { CaptionTrack } from './captionTrack.ts';
import type { PlayerItem, PlayerPlayback } from './playerChoice.ts';
import { PlayerShell } from './PlayerShell.tsx';
import { ScrubBar } from './ScrubBar.tsx';
import { ErrorOverlay, LoadingOverlay } from './StageOverlays.tsx';
import { TransportControls } from './TransportControls.tsx';
import { useMediaTransport } from './useMediaTransport.ts';
import { useFullscreen } from './useFullscreen.ts';
import { useMediaKeys } from './usePlayerKeys.ts';
import { usePictureInPicture } from './usePictureInPicture.ts';
import { useAttachPlayer } from './playerLink.ts';
import { useClipRange, type ClipRange } from './useClipRange.ts';
import { useVideoSource } from './useVideoSource.ts';
import { useVolume } from './useVolume.ts';
import { ViewButtons } from './ViewButtons.tsx';
import { VolumeControl } from './VolumeControl.tsx';

interface VideoPlayerProps {
  item: Pick<PlayerItem, 'title' | 'technicalMetadata'>;
  playback: PlayerPlayback;
  /** The first one shows. */
  captions?: readonly CaptionTrack[] | undefined;
  /** A virtual clip's range of its source's streams: the player keeps within it. */
  range?: ClipRange | null;
}

/**
 * HLS video (or the proxy) with J/K/L, jumps, frame steps, a thumbnail scrub bar, volume and mute
 * (M), picture-in-picture and full screen (F).
 */
export function VideoPlayer({ item, playback, captions = [], range = null }: VideoPlayerProps) {
  const { t } = useTranslation('player');
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [showTimecode, timecode] = useDisclosure(false);
  const fps = framesPerSecond(item.technicalMetadata?.frameRate);
  const status = useVideoSource(videoRef, playback);
  const media = useMediaTransport(videoRef, {
    allowReverse: true,
    fps,
    fallbackDuration: item.technicalMetadata?.durationSeconds ?? null,
  });
  const volume = useVolume(videoRef);
  const fullscreen = useFullscreen(rootRef);
  const pictureInPicture = usePictureInPicture(videoRef);
  useMediaKeys(rootRef, media, status !== 'error', {
    toggleMute: volume.toggleMute,
    toggleFullscreen: fullscreen.toggle,
  });
  useAttachPlayer(videoRef, media.seek);
  useClipRange(videoRef, range);

  return (
    <PlayerShell kind="video" state={status} rootRef={rootRef}>
      <div className={classes.stage}>
        <video
          ref={videoRef}
          className={classes.video}
          poster={playback.posterUrl ?? undefined}
          preload="metadata"
          playsInline
          aria-label={item.title}
          data-testid="media-player-video"
          data-clip-start={range?.startSeconds}
          data-clip-end={range?.endSeconds}
          onClick={() => {
            media.run('togglePlay');
          }}
        >
          {captions.map((track, index) => (
            <track
              key={track.key}
              kind="captions"
              src={track.src}
              srcLang={track.srcLang}
              label={track.label}
              default={index === 0}
            />
          ))}
        </video>
        {status === 'loading' && <LoadingOverlay />}
        {status === 'error' && <ErrorOverlay message={t('error.video')} />}
      </div>
      {status !== 'error' && (
        <>
          <ScrubBar
            currentTime={media.currentTime}
            duration={media.duration}
            onSeek={media.seek}
            strip={playback.strip}
          />
          <TransportControls
            media={media}
            kind="video"
            fps={fps}
            showTimecode={showTimecode}
            onToggleTimecode={timecode.toggle}
          >
            <VolumeControl volume={volume} />
            <ViewButtons fullscreen={fullscreen} pictureInPicture={pictureInPicture} />
          </TransportControls>
        </>
      )}
    </PlayerShell>
  );
}
