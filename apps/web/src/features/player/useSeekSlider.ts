import { useTranslation } from 'react-i18next';
import { playedFraction } from './scrubMath.ts';
import { formatTime } from './timeFormat.ts';
import { useScrubPointer } from './useScrubPointer.ts';

/**
 * A bar that seeks (the scrub bar, the waveform): the slider's accessible name and values, and the
 * pointer's click, drag and hover. Keys come from the player, not from the bar.
 */
export function useSeekSlider(currentTime: number, duration: number, onSeek: (time: number) => void) {
  const { t } = useTranslation('player');
  const { hover, handlers } = useScrubPointer(duration, onSeek);
  const known = Number.isFinite(duration);
  return {
    hover,
    known,
    /** 0..1 */
    played: playedFraction(currentTime, duration),
    sliderProps: {
      role: 'slider',
      tabIndex: 0,
      'aria-label': t('seek'),
      'aria-valuemin': 0,
      'aria-valuemax': known ? Math.round(duration) : 0,
      'aria-valuenow': Math.round(currentTime),
      'aria-valuetext': known
        ? t('position', { time: formatTime(currentTime), duration: formatTime(duration) })
        : formatTime(currentTime),
      ...handlers,
    },
  };
}
