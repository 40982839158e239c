import {
  daysRange,
  highlighter,
  inDayRange,
  queryMatcher,
  userFilterValues,
  type ResolvedUsers,
} from '@skald/domain';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { FolderRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { mapInSlices } from '../../lib/time-sliced.ts';
import { conjunctsOf, type SearchRequest, type SearchSort } from '../../search/search-request.ts';
import { visibleTo } from '../../access/visibility-filter.ts';
import { NO_STATE, placeholderUrl } from '../items/items.presenter.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { SearchHit } from './search.service.ts';

/**
 * Folders are searched whenever the type filter does not leave them out (issue 11): a filter naming
 * folder, or no filter and a query, whose `type:` terms then decide like its words
 * (`paske -type:folder` finds none). An empty search without a filter lists items only, and the
 * recycle bin never holds a folder: folders have no deleted state.
 */
export function asksForFolders(r: SearchRequest): boolean {
  if (r.deleted || r.usage) return false;
  if (r.itemTypes.length > 0) return r.itemTypes.includes('folder');
  return r.query !== null;
}

/** No item is a folder (folders have their own table), so such a request needs no item search. */
export function onlyFolders(r: SearchRequest): boolean {
  return (
    (r.itemTypes.length > 0 && r.itemTypes.every((t) => t === 'folder')) ||
    conjunctsOf(r.query).some((node) => node.kind === 'type' && node.itemType === 'folder')
  );
}

export interface FolderMatch {
  row: FolderRow;
  /** Where the name matches the query, as an item's title highlights. */
  highlights: [number, number][];
}

type Compare = (a: FolderMatch, b: FolderMatch) => number;

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst: Compare = (a, b) =>
  byText(b.row.created_at, a.row.created_at) || byText(b.row.id, a.row.id);
const directed = (compare: Compare, order: 'asc' | 'desc'): Compare =>
  order === 'asc' ? compare : (a, b) => compare(b, a);

/** The request's sort among folders, as the items' (sql-search-index.ts) where a folder has the field. */
const FOLDER_ORDER: Record<SearchSort, (order: 'asc' | 'desc') => Compare> = {
  // As the items' tiers: folders whose name matches the text first (not those found by filters alone).
  relevance: () => (a, b) =>
    Number(a.highlights.length === 0) - Number(b.highlights.length === 0) || newestFirst(a, b),
  title: (order) =>
    directed((a, b) => byText(a.row.name_folded, b.row.name_folded) || byText(a.row.id, b.row.id), order),
  created: (order) =>
    directed((a, b) => byText(a.row.created_at, b.row.created_at) || byText(a.row.id, b.row.id), order),
  // A folder has no duration; the folders come before the items either way, newest first.
  duration: () => newestFirst,
  // Nor form values: they lead a metadata field's sort too.
  field: () => newestFirst,
  deleted: () => newestFirst,
};

/** The tenant's folders as a search reads them: the folders repository, passed in by the composition root. */
export interface FolderSource {
  /** Folders passing the filter, all of the tenant's or the children of these parents. */
  searchable(
    tenantId: string,
    filter: ((eb: ExpressionBuilder<Database, 'folders'>) => Expression<SqlBool>) | undefined,
    parentIds: readonly string[] | undefined,
  ): Promise<FolderRow[]>;
  subtreeIds(tenantId: string, folderId: string): Promise<string[]>;
}

interface Deps {
  folders: FolderSource;
  users: Pick<UserDirectory, 'idsNamedBy'>;
}

/**
 * The folders a search finds (docs/SEARCH.md): the caller's visible folders of the tenant in the
 * request's folder scope, checked against the query in JavaScript. A tenant's folders are few next
 * to its items, so they are read whole rather than indexed.
 */
export class FolderSearch {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Every matching folder, in the request's order. */
  async matching(r: SearchRequest): Promise<FolderMatch[]> {
    const [rows, users] = await Promise.all([this.#inScope(r), this.#resolveUsers(r)]);
    const created = daysRange(r.createdFrom, r.createdTo);
    const itemIds = r.itemIds && new Set(r.itemIds);
    // Folder names are not in the tenant's vocabulary: their wildcards are matched as patterns.
    const matches = queryMatcher(r.query, users);
    const highlights = highlighter(r.query, 'title');
    const found = await mapInSlices(rows, (row) =>
      (r.ownerId === undefined || row.owner_id === r.ownerId) &&
      inDayRange(row.created_at, created) &&
      (itemIds === undefined || itemIds.has(row.id)) &&
      matches({
        title: row.name,
        description: '',
        itemType: 'folder',
        ownerId: row.owner_id,
        createdById: row.created_by,
        createdAt: row.created_at,
      })
        ? { row, highlights: highlights(row.name) }
        : null,
    );
    return found.filter((match) => match !== null).sort(FOLDER_ORDER[r.sort](r.order));
  }

  async #inScope(r: SearchRequest): Promise<FolderRow[]> {
    const scope = r.folder;
    const parentIds =
      scope === undefined
        ? undefined
        : scope.includeSubfolders
          ? await this.#d.folders.subtreeIds(r.tenantId, scope.id)
          : [scope.id];
    return this.#d.folders.searchable(r.tenantId, visibleTo(r.principal, 'folders'), parentIds);
  }

  async #resolveUsers(r: SearchRequest): Promise<ResolvedUsers> {
    const values = userFilterValues(r.query);
    const ids = await Promise.all(values.map((value) => this.#d.users.idsNamedBy(r.tenantId, value)));
    return new Map(values.map((value, i) => [value, new Set(ids[i])]));
  }
}

/** A folder as a search result: the item shape with itemType folder, its name as the title, no media. */
export function presentFolderHit({ row, highlights }: FolderMatch, names: Map<string, string>): SearchHit {
  return {
    id: row.id,
    itemType: 'folder',
    title: row.name,
    description: '',
    folderId: row.parent_id ?? '',
    owner: { id: row.owner_id, name: names.get(row.owner_id) ?? '' },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    durationSeconds: null,
    resolvedThumbnailUrl: placeholderUrl('folder'),
    transcoding: NO_STATE,
    isDeleted: false,
    deletedAt: null,
    highlights: { title: highlights, description: [] },
    moments: [],
  };
}
