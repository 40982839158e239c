import {
  canEditBookmark,
  searchFilterTypeOf,
  type Bookmark,
  type BookmarkAudience,
  type BookmarkIcon,
  type BookmarkKind,
  type BookmarkVisibilityLevel,
  type Principal,
} from '@skald/domain';
import type { BookmarkRow } from './bookmarks.repository.ts';

/** What the domain's rules look at, from a row and its selected groups. */
export function audienceOf(row: BookmarkRow, groupIds: readonly string[] = []): BookmarkAudience {
  return {
    scope: row.scope,
    ownerId: row.owner_id,
    // Rows are written only after validateBookmark, so their texts are the domain's names.
    visibility:
      row.scope === 'system'
        ? { level: row.visibility_level as BookmarkVisibilityLevel, groupIds: [...groupIds] }
        : null,
  };
}

export function presentBookmark(p: Principal, row: BookmarkRow, groupIds: readonly string[] = []): Bookmark {
  const kind = row.kind as BookmarkKind;
  const audience = audienceOf(row, groupIds);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    ...audience,
    title: row.title,
    kind,
    target: row.target,
    icon: row.icon as BookmarkIcon | null,
    filterType: kind === 'search' ? searchFilterTypeOf(row.target) : null,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    canEdit: canEditBookmark(p, audience),
  };
}
