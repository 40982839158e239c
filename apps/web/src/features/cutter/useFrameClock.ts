import { frameToSeconds, secondsToFrame, type FrameRate } from '@skald/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerLink } from '../player/playerLink.ts';

/**
 * The frame the player shows, counted from the media's first frame, and a seek to a frame. An HLS
 * stream's first frame is not shown at 0 s: an encoder with B-frames starts the pictures a few
 * frames after the timeline (0.08 s at 25 fps for the pipeline's H.264), which the element reports
 * as the start of what it has buffered. Frames are counted from there, so the number shown is the
 * source's frame number that subclips cut at.
 *
 * `frameNow` reads the element when called, so a key handled before the next render (or before the
 * seek of the key before it has finished) counts from the frame the player is at, not from the last
 * one drawn. After a seek here, while the player stays paused within a frame of where it was sent,
 * the frame is the one asked for: a browser may report the seek's time snapped to a neighbouring
 * frame's edge once the seek completes, and the picture shown is still the frame asked for.
 */
export function useFrameClock(link: PlayerLink, rate: FrameRate) {
  const [frame, setFrame] = useState(0);
  const start = useRef<number | null>(null);
  const parked = useRef<{ frame: number; seconds: number } | null>(null);

  /** Where the stream's pictures start, once the player has buffered some of it; null before. */
  const streamStart = useCallback((): number | null => {
    const element = link.element();
    if (start.current === null && element && element.buffered.length > 0 && element.buffered.start(0) < 1)
      start.current = element.buffered.start(0);
    return start.current;
  }, [link]);

  const frameNow = useCallback((): number => {
    const element = link.element();
    const origin = streamStart();
    if (!element || origin === null) return 0;
    const seconds = element.currentTime;
    const seek = parked.current;
    if (seek && element.paused && Math.abs(seconds - seek.seconds) < frameToSeconds(1, rate))
      return seek.frame;
    parked.current = null;
    return Math.max(0, secondsToFrame(seconds - origin, rate));
  }, [link, rate, streamStart]);

  useEffect(() => {
    let handle = 0;
    const tick = () => {
      setFrame(frameNow());
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(handle);
    };
  }, [frameNow]);

  // Into the middle of the frame, so the picture shown and the frame counted agree. Before the
  // player has any of the stream there is no picture to step to, and frames could not be counted.
  const seekFrame = useCallback(
    (target: number) => {
      const origin = streamStart();
      if (origin === null) return;
      const seconds = origin + frameToSeconds(target + 0.5, rate);
      parked.current = { frame: target, seconds };
      link.seek(seconds);
    },
    [link, rate, streamStart],
  );
  return { frame, frameNow, seekFrame };
}
