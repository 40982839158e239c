import { hasPermission, isAdmin, type Principal } from '@skald/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { likeLiteral } from '../lib/text.ts';

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
      // The row's copy of its visibleTo groups (' g1 g2 '), not a subquery of access_groups:
      // PostgreSQL costs a subquery as if it ran for every row, which steers searches to slow
      // plans (0006-visible-groups.ts).
      const visibleGroups = ref('visible_groups');
      conditions.push(
        eb.and([
          eb(ref('visible_level'), '=', 'selected_groups'),
          eb.or(
            p.groupIds.map((g) => sql<SqlBool>`${visibleGroups} like ${`% ${likeLiteral(g)} %`} escape '\\'`),
          ),
        ]),
      );
    }
    return eb.or(conditions);
  };
}
