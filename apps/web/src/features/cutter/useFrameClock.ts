import { frameToSeconds, secondsToFrame, type FrameRate } from '@skald/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerLink } from '../player/playerLink.ts';

/**
 * The frame the player shows, counted from the media's first frame, and a seek to a frame. An HLS
 * stream's first frame is not shown at 0 s: an encoder with B-frames starts the pictures a few
 * frames after the timeline (0.08 s at 25 fps for the pipeline's H.264), which the element reports
 * as the start of what it has buffered. Frames are counted from there, so the number shown is the
 * source's frame number that subclips cut at.
 */
export function useFrameClock(link: PlayerLink, rate: FrameRate) {
  const [frame, setFrame] = useState(0);
  const start = useRef<number | null>(null);
  useEffect(() => {
    let handle = 0;
    const tick = () => {
      const element = link.element();
      if (element && start.current === null && element.buffered.length > 0 && element.buffered.start(0) < 1)
        start.current = element.buffered.start(0);
      const seconds = link.currentTime();
      if (seconds !== null && start.current !== null)
        setFrame(Math.max(0, secondsToFrame(seconds - start.current, rate)));
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(handle);
    };
  }, [link, rate]);
  // Into the middle of the frame, so the picture shown and the frame counted agree.
  const seekFrame = useCallback(
    (target: number) => {
      link.seek((start.current ?? 0) + frameToSeconds(target + 0.5, rate));
    },
    [link, rate],
  );
  return { frame, seekFrame };
}
