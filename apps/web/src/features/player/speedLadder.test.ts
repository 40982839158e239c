import { describe, expect, it } from 'vitest';
import { SPEED_LADDER, fasterSpeed, slowerSpeed, speedsFor } from './speedLadder.ts';

describe('the speed ladder', () => {
  it('runs from -16× to 16× through the doublings, without 0', () => {
    expect(SPEED_LADDER).toEqual([-16, -8, -4, -2, -1, 1, 2, 4, 8, 16]);
  });

  it.each([
    [1, 2],
    [2, 4],
    [8, 16],
    [16, 16],
    [-1, 1],
    [-2, -1],
    [-16, -8],
  ])('goes up from %s× to %s×', (from, to) => {
    expect(fasterSpeed(from)).toBe(to);
  });

  it.each([
    [16, 8],
    [2, 1],
    [1, -1],
    [-1, -2],
    [-8, -16],
    [-16, -16],
  ])('goes down from %s× to %s×', (from, to) => {
    expect(slowerSpeed(from)).toBe(to);
  });

  it.each([
    [1, 'slower', 1],
    [2, 'slower', 1],
    [1, 'faster', 2],
    [16, 'faster', 16],
  ] as const)('without reverse (audio) goes from %s× %s to %s×', (from, direction, to) => {
    const next = direction === 'faster' ? fasterSpeed(from, false) : slowerSpeed(from, false);
    expect(next).toBe(to);
  });

  it('offers only forward speeds without reverse', () => {
    expect(speedsFor(false)).toEqual([1, 2, 4, 8, 16]);
  });

  it.each([
    [3, 4, 2],
    [0.5, 1, -1],
  ])('moves from a speed off the ladder to the rungs around it (%s×)', (from, up, down) => {
    expect(fasterSpeed(from)).toBe(up);
    expect(slowerSpeed(from)).toBe(down);
  });
});
