import { hasPermission, isAdmin, type Principal } from '@skald/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

type GuardedTable = 'items' | 'folders';

/**
 * The domain's checkVisibility as a WHERE clause, so lists, counts and pages never include what
 * the caller may not see. It must agree with `checkVisibility` (packages/domain/src/access/checks.ts);
 * test/access/visibility-filter.test.ts proves it on a matrix of users and access settings.
 */
export function visibleTo<T extends GuardedTable>(
  p: Principal,
  table: T,
): ((eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>) | undefined {
  if (isAdmin(p) || hasPermission(p, 'general.tenantWideRead')) return undefined;
  const inOrganisation = p.groupIds.includes(p.organisationGroupId);
  return (eb) => {
    const ref = (column: string) => sql.ref(`${table}.${column}`);
    const conditions: Expression<SqlBool>[] = [eb(ref('owner_id'), '=', p.userId)];
    if (inOrganisation) {
      conditions.push(eb.or([eb(ref('visible_level'), 'is', null), eb(ref('visible_level'), '=', 'tenant')]));
    }
    if (p.groupIds.length > 0) {
      conditions.push(
        eb.and([
          eb(ref('visible_level'), '=', 'selected_groups'),
          // A scalar count, not EXISTS: PostgreSQL would turn an EXISTS under OR into a hash of
          // every row of the caller's groups, built on every query; a page of results needs only a
          // few index lookups (bench/search.ts).
          sql<SqlBool>`(select count(*) from access_groups where access_groups.subject_id = ${ref('id')}
                and access_groups.kind = 'visibleTo' and access_groups.group_id in (${sql.join(p.groupIds)})) > 0`,
        ]),
      );
    }
    return eb.or(conditions);
  };
}
