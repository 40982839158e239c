import { DAY_MS } from '../constants.ts';
import type { UsageContext, ValidityEnd } from './types.ts';

export type UsageState = 'notYetValid' | 'valid' | 'expired';

export interface UsageVerdict {
  state: UsageState;
  /** Start and end of the window; null is forever. */
  from: Date | null;
  to: Date | null;
  /** Whether a user about to use the material is warned (spec §4 warning levels). */
  warn: boolean;
}

function endDate(end: ValidityEnd, ingestedAt: Date): Date | null {
  switch (end.offsetFrom) {
    case 'forever':
      return null;
    case 'absolute':
      return new Date(end.absoluteDate);
    case 'ingest_time':
      return new Date(ingestedAt.getTime() + end.untilNumberOfDays * DAY_MS);
  }
}

/**
 * Whether an item may be used in a usage context now, and whether to warn: 'always' warns in any
 * state, 'upon_expiry' only outside the window, 'never' not at all. Download, share, render and
 * playout ask this one function.
 */
export function usageVerdict(item: { ingestedAt: string }, context: UsageContext, now: Date): UsageVerdict {
  const ingested = new Date(item.ingestedAt);
  const from = endDate(context.validity.from, ingested);
  const to = endDate(context.validity.to, ingested);
  const state: UsageState =
    from !== null && now < from ? 'notYetValid' : to !== null && now >= to ? 'expired' : 'valid';
  const warn =
    context.warningLevel === 'always' || (context.warningLevel === 'upon_expiry' && state !== 'valid');
  return { state, from, to, warn };
}
