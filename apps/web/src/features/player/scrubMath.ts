/** The media time under a pointer at `x` on a bar starting at `left`, `width` pixels wide. */
export function timeAtPointer(x: number, left: number, width: number, duration: number): number {
  if (!(width > 0) || !Number.isFinite(duration) || duration <= 0) return 0;
  const fraction = Math.min(Math.max((x - left) / width, 0), 1);
  return fraction * duration;
}

/** How much of the bar is played, 0..1. */
export function playedFraction(time: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(Math.max(time / duration, 0), 1);
}
