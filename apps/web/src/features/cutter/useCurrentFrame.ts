import { secondsToFrame, type FrameRate } from '@skald/domain';
import { useEffect, useState } from 'react';
import type { PlayerLink } from '../player/playerLink.ts';

/** The frame the player shows, read on every animation frame while the cutter is open. */
export function useCurrentFrame(link: PlayerLink, rate: FrameRate): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    let handle = 0;
    const tick = () => {
      const seconds = link.currentTime();
      if (seconds !== null) setFrame(secondsToFrame(seconds, rate));
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(handle);
    };
  }, [link, rate]);
  return frame;
}
