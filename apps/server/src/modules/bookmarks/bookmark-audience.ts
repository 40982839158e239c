import { canManageSystemBookmarks, type BookmarkView, type Principal } from '@skald/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type BookmarkFilter = (eb: ExpressionBuilder<Database, 'bookmarks'>) => Expression<SqlBool>;

/**
 * The domain's canSeeBookmark as a WHERE clause. It must agree with `canSeeBookmark`
 * (packages/domain/src/bookmarks/rules.ts); test/bookmarks.test.ts proves it on a matrix of
 * users, views and bookmarks.
 */
export function seenBy(p: Principal, view: BookmarkView): BookmarkFilter {
  return (eb) => {
    const own = eb.and([eb('bookmarks.scope', '=', 'private'), eb('bookmarks.owner_id', '=', p.userId)]);
    if (view === 'manage' && canManageSystemBookmarks(p))
      return eb.or([own, eb('bookmarks.scope', '=', 'system')]);
    const audiences: Expression<SqlBool>[] = [eb('bookmarks.visibility_level', '=', 'everyone')];
    if (p.groupIds.length > 0) {
      audiences.push(
        eb.and([
          eb('bookmarks.visibility_level', '=', 'selected_groups'),
          eb.exists(
            sql`(select 1 from bookmark_groups where bookmark_groups.bookmark_id = ${sql.ref('bookmarks.id')}
                and bookmark_groups.group_id in (${sql.join(p.groupIds)}))`,
          ),
        ]),
      );
    }
    return eb.or([own, eb.and([eb('bookmarks.scope', '=', 'system'), eb.or(audiences)])]);
  };
}
