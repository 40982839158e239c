import { useElementSize } from '@mantine/hooks';
import { useId, useMemo } from 'react';
import classes from './player.module.css';
import { TimelineMarkers } from './TimelineMarkers.tsx';
import { formatTime } from './timeFormat.ts';
import { useSeekSlider } from './useSeekSlider.ts';
import { normalisePeaks, resamplePeaks, waveformPath } from './waveform.ts';

interface WaveformViewProps {
  peaks: readonly number[];
  currentTime: number;
  duration: number;
  onSeek: (time: number) => void;
}

/** Pixels per bar of the drawing. */
const BAR_PITCH = 3;

/** The audio's waveform, the played part highlighted; click or drag to seek; the comments' markers under it. */
export function WaveformView({ peaks, currentTime, duration, onSeek }: WaveformViewProps) {
  const clipId = useId();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const { hover, played, sliderProps } = useSeekSlider(currentTime, duration, onSeek);
  const buckets = Math.max(1, Math.floor(width / BAR_PITCH));
  const path = useMemo(() => waveformPath(normalisePeaks(resamplePeaks(peaks, buckets))), [peaks, buckets]);
  const bars = Math.min(buckets, peaks.length);

  return (
    <>
      <div ref={ref} className={classes.waveform} {...sliderProps} data-testid="media-player-waveform">
        <svg viewBox={`0 0 ${bars} 1`} preserveAspectRatio="none" aria-hidden>
          <defs>
            <clipPath id={clipId}>
              <rect x={0} y={0} width={played * bars} height={1} />
            </clipPath>
          </defs>
          <path className={classes.waveformRest} d={path} />
          <path className={classes.waveformPlayed} d={path} clipPath={`url(#${clipId})`} />
        </svg>
        <div className={classes.cursor} style={{ left: `${played * 100}%` }} />
        {hover && (
          <>
            <div className={classes.hoverLine} style={{ left: hover.x }} />
            <span className={classes.waveformTime} style={{ left: hover.x }} aria-hidden>
              {formatTime(hover.time)}
            </span>
          </>
        )}
      </div>
      <TimelineMarkers duration={duration} />
    </>
  );
}
