import classes from './player.module.css';
import { stripTileStyle, type Strip } from './stripGeometry.ts';
import { TimelineMarkers } from './TimelineMarkers.tsx';
import { formatTime } from './timeFormat.ts';
import type { ScrubHover } from './useScrubPointer.ts';
import { useSeekSlider } from './useSeekSlider.ts';

interface ScrubBarProps {
  currentTime: number;
  duration: number;
  onSeek: (time: number) => void;
  /** The thumbnail strip shown while hovering, when the item has one. */
  strip: Strip | null;
}

const PREVIEW_WIDTH = 160;

/** The video's position: click or drag to seek, hover for a thumbnail. Keys come from the player. */
export function ScrubBar({ currentTime, duration, onSeek, strip }: ScrubBarProps) {
  const slider = useSeekSlider(currentTime, duration, onSeek);
  const { hover, known, sliderProps } = slider;
  const played = slider.played * 100;

  return (
    <>
      <div className={classes.scrub} {...sliderProps} data-testid="media-player-scrub">
        <div className={classes.track}>
          <div className={classes.played} style={{ width: `${played}%` }} />
        </div>
        <div className={classes.thumb} style={{ left: `${played}%` }} />
        {hover && known && <ScrubPreview hover={hover} strip={strip} />}
      </div>
      <TimelineMarkers duration={duration} />
    </>
  );
}

function ScrubPreview({ hover, strip }: { hover: ScrubHover; strip: Strip | null }) {
  const tile = strip ? stripTileStyle(strip, hover.time, PREVIEW_WIDTH) : null;
  const width = tile?.width ?? 0;
  // Keep the preview over the bar at both ends.
  const left = Math.min(Math.max(hover.x - width / 2, 0), Math.max(hover.width - width, 0));
  return (
    <div
      className={classes.preview}
      style={tile ? { left, width } : { left: hover.x, transform: 'translateX(-50%)' }}
      aria-hidden
    >
      {tile && (
        <div
          className={classes.previewImage}
          data-testid="media-player-scrub-preview"
          style={{
            width: tile.width,
            height: tile.height,
            backgroundImage: tile.backgroundImage,
            backgroundPosition: tile.backgroundPosition,
            backgroundSize: tile.backgroundSize,
          }}
        />
      )}
      <span className={classes.previewTime}>{formatTime(hover.time)}</span>
    </div>
  );
}
