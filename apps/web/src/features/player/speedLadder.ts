/**
 * Playback speeds (spec: 2x, 4x up to 16x and back to -16x). Browsers cannot play backwards, so a
 * negative speed is emulated by the player (see reverse.ts).
 */
export const SPEED_LADDER = [-16, -8, -4, -2, -1, 1, 2, 4, 8, 16] as const;
export type Speed = (typeof SPEED_LADDER)[number];

/** The ladder a player offers: audio has no reverse. */
export function speedsFor(allowReverse: boolean): readonly Speed[] {
  return allowReverse ? SPEED_LADDER : SPEED_LADDER.filter((speed) => speed > 0);
}

/** One rung up (L): 1 → 2 … 16 stays 16; -4 → -2; -1 → 1. A speed off the ladder goes to the rung above it. */
export function fasterSpeed(speed: number, allowReverse = true): Speed {
  const speeds = speedsFor(allowReverse);
  return speeds.find((candidate) => candidate > speed) ?? speeds[speeds.length - 1] ?? 1;
}

/** One rung down (J): 16 → 8 … 1 → -1 … -16 stays -16; without reverse 1 stays 1. */
export function slowerSpeed(speed: number, allowReverse = true): Speed {
  const speeds = speedsFor(allowReverse);
  return speeds.findLast((candidate) => candidate < speed) ?? speeds[0] ?? 1;
}

/** '2×', '-4×'. */
export function speedLabel(speed: number): string {
  return `${speed}×`;
}
