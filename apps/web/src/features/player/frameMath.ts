import type { Rational } from '../../api/items.ts';

/** Frame rate assumed when the technical metadata has none. */
export const DEFAULT_FPS = 25;

export function framesPerSecond(frameRate: Rational | null | undefined): number {
  if (!frameRate || frameRate.denominator <= 0 || frameRate.numerator <= 0) return DEFAULT_FPS;
  const fps = frameRate.numerator / frameRate.denominator;
  return Number.isFinite(fps) ? fps : DEFAULT_FPS;
}

/** Keeps a seek inside the media; an unknown duration (NaN, Infinity) only bounds it at 0. */
export function clampTime(time: number, duration: number): number {
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(time, 0), upper);
}

export function seekBy(current: number, delta: number, duration: number): number {
  return clampTime(current + delta, duration);
}

/** The frame shown at a time: frame n covers [n/fps, (n+1)/fps). */
export function frameAt(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * fps + 1e-6));
}

/**
 * The time of the next or previous frame. It lands in the middle of the frame: a seek to the
 * exact boundary can show the frame before it, after the decoder's rounding.
 */
export function stepFrame(current: number, direction: 1 | -1, fps: number, duration: number): number {
  const target = Math.max(0, frameAt(current, fps) + direction);
  const time = (target + 0.5) / fps;
  if (Number.isFinite(duration) && duration > 0 && time > duration) {
    // Past the end: the last whole frame.
    const last = Math.max(0, Math.ceil(duration * fps) - 1);
    return Math.min((last + 0.5) / fps, duration);
  }
  return time;
}

/**
 * Where reverse playback should be after `elapsedMs` of wall-clock time since it started at
 * `from` with a negative speed; it stops at 0.
 */
export function reversePosition(from: number, speed: number, elapsedMs: number): number {
  return Math.max(0, from + (speed * elapsedMs) / 1000);
}
