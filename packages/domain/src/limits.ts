import { DAY_MS, LIMITS } from './constants.ts';

/** Spec §5: the statistics date range must run forwards and be less than 90 days long. */
export function isStatisticsRangeAllowed(from: Date, to: Date): boolean {
  const length = to.getTime() - from.getTime();
  return length >= 0 && length < LIMITS.statisticsMaxRangeDays * DAY_MS;
}

/** Spec §5: max and min lines between 1 and 100, min below max. */
export function areLineLimitsValid(min: number, max: number): boolean {
  const inRange = (n: number) => Number.isInteger(n) && n >= LIMITS.lines.min && n <= LIMITS.lines.max;
  return inRange(min) && inRange(max) && min < max;
}

/** Spec §5: selection for refine is limited to 32 items. */
export function isRefineSelectionAllowed(count: number): boolean {
  return count <= LIMITS.refineMaxItems;
}

/** Spec §7: translation reads retry from 350 ms, doubling; attempt 0 is the first retry. */
export function translationRetryDelayMs(attempt: number): number | null {
  const { retries, baseDelayMs } = LIMITS.translationLoad;
  if (!Number.isInteger(attempt) || attempt < 0 || attempt >= retries) return null;
  return baseDelayMs * 2 ** attempt;
}
