import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { framesPerSecond } from './frameMath.ts';
import type { PlayerItem } from './playerChoice.ts';
import { PlayerShell } from './PlayerShell.tsx';
import { ScrubBar } from './ScrubBar.tsx';
import { TransportControls } from './TransportControls.tsx';
import { useMediaStatus } from './useMediaStatus.ts';
import { useMediaTransport } from './useMediaTransport.ts';
import { LevelMeter } from './LevelMeter.tsx';
import { useLevelMeter } from './useLevelMeter.ts';
import { useMediaKeys } from './usePlayerKeys.ts';
import { useVolume } from './useVolume.ts';
import { VolumeControl } from './VolumeControl.tsx';
import { useAttachPlayer } from './playerLink.ts';
import { useWaveform } from './useWaveform.ts';
import { WaveformView } from './WaveformView.tsx';

interface AudioPlayerProps {
  item: Pick<PlayerItem, 'title' | 'technicalMetadata'>;
  proxyUrl: string;
  waveformUrl: string | null;
}

/**
 * The audio proxy over its waveform: forward speeds and jumps (no reverse, no frames), volume and
 * mute (M), and a level meter of what plays.
 */
export function AudioPlayer({ item, proxyUrl, waveformUrl }: AudioPlayerProps) {
  const { t } = useTranslation('player');
  const rootRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [showTimecode, timecode] = useDisclosure(false);
  const waveform = useWaveform(waveformUrl);
  const status = useMediaStatus(audioRef, proxyUrl);
  const media = useMediaTransport(audioRef, {
    allowReverse: false,
    fps: null,
    fallbackDuration: item.technicalMetadata?.durationSeconds ?? waveform?.durationSeconds ?? null,
  });
  const volume = useVolume(audioRef);
  const level = useLevelMeter(audioRef);
  useMediaKeys(rootRef, media, status !== 'error', { toggleMute: volume.toggleMute });
  useAttachPlayer(audioRef, media.seek);

  return (
    <PlayerShell kind="audio" state={status} rootRef={rootRef}>
      <audio
        ref={audioRef}
        src={proxyUrl}
        preload="metadata"
        aria-label={item.title}
        data-testid="media-player-audio"
      />
      {status === 'error' ? (
        <ErrorAlert>{t('error.audio')}</ErrorAlert>
      ) : (
        <>
          {waveform ? (
            <WaveformView
              peaks={waveform.peaks}
              currentTime={media.currentTime}
              duration={media.duration}
              onSeek={media.seek}
            />
          ) : (
            <ScrubBar
              currentTime={media.currentTime}
              duration={media.duration}
              onSeek={media.seek}
              strip={null}
            />
          )}
          <LevelMeter level={level} />
          {status === 'loading' && <LoadingState label={t('loading')} />}
          <TransportControls
            media={media}
            kind="audio"
            fps={framesPerSecond(item.technicalMetadata?.frameRate)}
            showTimecode={showTimecode}
            onToggleTimecode={timecode.toggle}
          >
            <VolumeControl volume={volume} />
          </TransportControls>
        </>
      )}
    </PlayerShell>
  );
}
