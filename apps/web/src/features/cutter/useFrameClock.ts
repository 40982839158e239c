import type { FrameRate } from '@skald/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerLink } from '../player/playerLink.ts';
import { seekTo, shownFrame, type Seek } from './frameClock.ts';

/**
 * The frame the player shows, counted from the media's first frame, and a seek to a frame. An HLS
 * stream's first frame is not shown at 0 s: an encoder with B-frames starts the pictures a few
 * frames after the timeline (0.08 s at 25 fps for the pipeline's H.264), which the element reports
 * as the start of what it has buffered. Frames are counted from there, so the number shown is the
 * source's frame number that subclips cut at.
 *
 * `frameNow` reads the element when called, so a key handled before the next render (or before the
 * seek of the key before it has finished) counts from the frame the player is at, not from the last
 * one drawn; after a seek here, it is the frame asked for while the player stays there (frameClock.ts).
 */
export function useFrameClock(link: PlayerLink, rate: FrameRate) {
  const [frame, setFrame] = useState(0);
  const start = useRef<number | null>(null);
  const parked = useRef<Seek | null>(null);

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
    const shown = shownFrame(element, origin, parked.current, rate);
    if (parked.current?.frame !== shown) parked.current = null;
    return shown;
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

  // Before the player has any of the stream there is no picture to step to, nor frames to count.
  const seekFrame = useCallback(
    (target: number) => {
      const origin = streamStart();
      if (origin === null) return;
      parked.current = seekTo(target, origin, rate);
      link.seek(parked.current.seconds);
    },
    [link, rate, streamStart],
  );
  return { frame, frameNow, seekFrame };
}
