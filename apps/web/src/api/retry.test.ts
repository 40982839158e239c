import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { retryDelay, shouldRetry } from './retry.ts';

const busy = (retryAfterMs?: number) =>
  new ApiError(503, 'unavailable', 'Search is busy; try again in a moment', [], retryAfterMs);
const noJitter = () => 0;

describe('shouldRetry', () => {
  it.each([
    [busy(2000), 0, true],
    [busy(2000), 1, true],
    [busy(2000), 2, false],
    [new ApiError(400, 'bad_request', 'x'), 0, false],
    [new ApiError(429, 'rate_limited', 'x'), 0, false],
  ])('%s after %i failures: %s', (error, failures, expected) => {
    expect(shouldRetry(failures, error)).toBe(expected);
  });
});

describe('retryDelay', () => {
  it('waits at least what a busy server asked for', () => {
    expect(retryDelay(0, busy(5000), noJitter)).toBe(5000);
    expect(retryDelay(1, busy(5000), noJitter)).toBe(5000);
  });

  it('doubles from one second when the server asked for less or nothing', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, busy(), noJitter))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(2, busy(2000), noJitter)).toBe(4000);
    expect(retryDelay(0, new Error('offline'), noJitter)).toBe(1000);
  });

  it('stops doubling at 30 seconds', () => {
    expect(retryDelay(10, busy(), noJitter)).toBe(30_000);
  });

  it('stretches each wait by up to a half at random, never shortens it', () => {
    expect(retryDelay(0, busy(2000), () => 0.999)).toBe(2999);
    expect(retryDelay(0, busy(2000), () => 0.5)).toBe(2500);
  });
});
