import type { CompareOp } from './ast.ts';

/**
 * A range of creation times as two UTC day bounds (`YYYY-MM-DD`): at or after `from`, before
 * `before`. Timestamps are ISO-8601 UTC text, so a day bound compares with them as text, in SQL on
 * both engines and in JavaScript alike.
 */
export interface DayRange {
  from?: string | undefined;
  before?: string | undefined;
}

/** The UTC day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `created:<op><day>` as a range of whole UTC days. */
export function createdRange(op: CompareOp, day: string): DayRange {
  switch (op) {
    case '=':
      return { from: day, before: nextDay(day) };
    case '>':
      return { from: nextDay(day) };
    case '>=':
      return { from: day };
    case '<':
      return { before: day };
    case '<=':
      return { before: nextDay(day) };
  }
}

/** The inclusive days of a request's `createdFrom` and `createdTo` as a range. */
export function daysRange(firstDay: string | undefined, lastDay: string | undefined): DayRange {
  return { from: firstDay, before: lastDay === undefined ? undefined : nextDay(lastDay) };
}

/** True when the ISO-8601 UTC timestamp `at` falls in `range`. */
export function inDayRange(at: string, range: DayRange): boolean {
  return (range.from === undefined || at >= range.from) && (range.before === undefined || at < range.before);
}
