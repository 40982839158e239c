import { Tooltip } from '@mantine/core';
import classes from './player.module.css';
import { formatTime } from './timeFormat.ts';
import { useTimelineMarkers } from './playerLink.ts';

/** The comments' places on the scrub bar: a tick, or a band for a range; choosing one seeks there. */
export function TimelineMarkers({ duration }: { duration: number }) {
  const { markers, choose } = useTimelineMarkers();
  if (!Number.isFinite(duration) || duration <= 0 || markers.length === 0) return null;
  const at = (ms: number) => `${Math.min(100, (ms / 1000 / duration) * 100)}%`;
  return (
    <div className={classes.markers} data-testid="timeline-markers">
      {markers.map((m) => (
        <Tooltip key={m.id} label={`${formatTime(m.startMs / 1000)} ${m.label}`} withinPortal>
          <button
            type="button"
            className={classes.marker}
            data-resolved={m.resolved || undefined}
            aria-label={`${formatTime(m.startMs / 1000)} ${m.label}`}
            style={{
              left: at(m.startMs),
              ...(m.endMs !== null ? { width: `calc(${at(m.endMs)} - ${at(m.startMs)})` } : {}),
            }}
            onClick={() => {
              choose(m);
            }}
          />
        </Tooltip>
      ))}
    </div>
  );
}
