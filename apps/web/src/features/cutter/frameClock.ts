import { frameToSeconds, secondsToFrame, type FrameRate } from '@skald/domain';

/** The cutter's last seek: the frame asked for and the time the player was sent to for it. */
export interface Seek {
  frame: number;
  seconds: number;
}

/** Where to send the player for a frame: into its middle, so the picture shown and the frame counted agree. */
export function seekTo(frame: number, origin: number, rate: FrameRate): Seek {
  return { frame, seconds: origin + frameToSeconds(frame + 0.5, rate) };
}

/**
 * The frame a player shows, counted from the stream's first picture (`origin`, in seconds). After the
 * cutter's `seek`, while the player is paused within a frame of the time it was sent to, it is the
 * frame asked for: a browser may report the seek's time moved to a neighbouring frame's edge once
 * the seek has completed, and the picture is still the one asked for.
 */
export function shownFrame(
  player: { currentTime: number; paused: boolean },
  origin: number,
  seek: Seek | null,
  rate: FrameRate,
): number {
  if (seek && player.paused && Math.abs(player.currentTime - seek.seconds) < frameToSeconds(1, rate))
    return seek.frame;
  return Math.max(0, secondsToFrame(player.currentTime - origin, rate));
}
