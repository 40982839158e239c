import { DAY_MS, type UsageFilter, type UsageFilterContext, type ValidityEnd } from '@skald/domain';
import { sql, type Expression, type SqlBool } from 'kysely';

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;
const constant = (value: boolean) => (value ? TRUE : FALSE);
const or = (parts: Expression<SqlBool>[]) =>
  parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const and = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
/** The filter's moment minus `days`, as the ISO-8601 text `items.created_at` compares with. */
const daysBefore = (f: UsageFilter, days: number) => new Date(f.now.getTime() - days * DAY_MS).toISOString();

/**
 * Spec §4 usage state as a plain condition on `items`, the same on both engines, so the search can
 * filter by it without touching the full-text part. It must agree with the domain's usageVerdict and
 * itemUsageSummary (test/search-usage.test.ts checks both on the same items): an `ingest_time` end
 * is the item's created_at plus days, which compares as ISO-8601 text with `now` minus those days.
 * `after`: conditions the search checks on the row anyway, to be checked before the verdict.
 */
export function usageCondition(
  f: UsageFilter,
  after: readonly Expression<SqlBool>[] = [],
): Expression<SqlBool> {
  const now = f.now.getTime();
  const minusDays = (days: number) => daysBefore(f, days);
  // The forms an item holds values of are rows of item_forms (migration 0037): one lookup by key
  // for each item checked. A scalar subquery, so that PostgreSQL cannot make it a join from every
  // item_forms row of the form, nor (under NOT) hash all of them first: either read the whole table
  // for a page of 50 (1.2 s at 50,000 items). Never NULL (coalesce), so that NOT of it is true.
  const applies = (formId: string | null): Expression<SqlBool> =>
    formId === null
      ? TRUE
      : sql<SqlBool>`coalesce((select 1 from item_forms f where f.item_id = items.id and f.form_id = ${formId}), 0) = 1`;
  // to <= now
  const ended = (end: ValidityEnd): Expression<SqlBool> => {
    if (end.offsetFrom === 'forever') return FALSE;
    if (end.offsetFrom === 'absolute') return constant(Date.parse(end.absoluteDate) <= now);
    return sql<SqlBool>`items.created_at <= ${minusDays(end.untilNumberOfDays)}`;
  };
  // now < from
  const notBegun = (end: ValidityEnd): Expression<SqlBool> => {
    if (end.offsetFrom === 'forever') return FALSE;
    if (end.offsetFrom === 'absolute') return constant(now < Date.parse(end.absoluteDate));
    return sql<SqlBool>`items.created_at > ${minusDays(end.untilNumberOfDays)}`;
  };
  // now < to <= now + withinDays
  const endsSoon = (end: ValidityEnd): Expression<SqlBool> => {
    if (end.offsetFrom === 'forever') return FALSE;
    if (end.offsetFrom === 'absolute') {
      const to = Date.parse(end.absoluteDate);
      return constant(now < to && to <= now + f.withinDays * DAY_MS);
    }
    const d = end.untilNumberOfDays;
    return and([
      sql<SqlBool>`items.created_at > ${minusDays(d)}`,
      sql<SqlBool>`items.created_at <= ${minusDays(d - f.withinDays)}`,
    ]);
  };
  const any = (test: (c: UsageFilterContext) => Expression<SqlBool>) =>
    or(f.contexts.map((c) => and([applies(c.formId), test(c)])));
  const expired = any((c) => ended(c.validity.to));
  const within = createdBounds(f);
  // After `after`, the row's other checks, held in front of it: PostgreSQL orders a row's checks by
  // their estimated cost, and put a form's lookup before a field's check, whose lookup of a value
  // too long for the row it counts in full (the expiring window at 1,000,000 items: 9,900 lookups
  // for a count of a choice of a tenth, 48 ms; after it, 1,300).
  const verdict = (condition: Expression<SqlBool>) =>
    after.length === 0 ? condition : sql<SqlBool>`coalesce(${and([...after, condition])}, false)`;
  if (f.state === 'expired') return and([verdict(expired), ...within]);
  const valid = and([
    sql<SqlBool>`not ${expired}`,
    sql<SqlBool>`not ${any((c) => notBegun(c.validity.from))}`,
  ]);
  if (f.state === 'valid') return verdict(valid);
  return and([verdict(and([valid, any((c) => endsSoon(c.validity.to))])), ...within]);
}

/**
 * The creation times an expired or expiring item must have, implied by the contexts whose end is
 * counted from ingest: a plain range on `items.created_at` besides the condition, so that both
 * engines read the items from their creation-time index inside it. Without it, a library whose
 * rights last two years walked the newest two years of items (all valid) before the first expired
 * one: 2.2 s a search at 1,000,000 items (bench/search.ts, METADATA=1). None when some context
 * bounds nothing (an absolute end already passed, or within the window, applies at any age).
 */
function createdBounds(f: UsageFilter): Expression<SqlBool>[] {
  if (f.state === 'valid') return [];
  const now = f.now.getTime();
  let after: string | undefined;
  let upTo: string | undefined;
  for (const { validity } of f.contexts) {
    const end = validity.to;
    if (end.offsetFrom === 'forever') continue;
    if (end.offsetFrom === 'absolute') {
      const to = Date.parse(end.absoluteDate);
      const counts = f.state === 'expired' ? to <= now : now < to && to <= now + f.withinDays * DAY_MS;
      if (counts) return [];
      continue;
    }
    const d = end.untilNumberOfDays;
    const top = daysBefore(f, f.state === 'expired' ? d : d - f.withinDays);
    if (upTo === undefined || top > upTo) upTo = top;
    const bottom = daysBefore(f, d);
    if (f.state === 'expiring' && (after === undefined || bottom < after)) after = bottom;
  }
  return [
    ...(after === undefined ? [] : [sql<SqlBool>`items.created_at > ${after}`]),
    ...(upTo === undefined ? [] : [sql<SqlBool>`items.created_at <= ${upTo}`]),
  ];
}
