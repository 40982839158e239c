import {
  LIMITS,
  MESSAGES,
  formatMessage,
  highlighter,
  parseSearchQuery,
  type ItemSummary,
  type ItemType,
  type QueryNode,
  type SearchSyntaxError,
  type SearchWarning,
  type SearchWarningCode,
  type UsageFilterState,
  USAGE_FILTER_DAYS,
  usageFilterContexts,
} from '@skald/domain';
import { mapInSlices } from '../../lib/time-sliced.ts';
import { AppError, badField } from '../../plugins/errors.ts';
import {
  EXACT_TOTAL_LIMIT,
  type SearchIndex,
  type SearchRequest,
  type SearchSort,
} from '../../search/search-request.ts';
import type { SearchQueue } from '../../search/search-queue.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { Identity } from '../../identity/identity.ts';
import type { ItemForms } from '../items/item-forms.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import { asksForFolders, onlyFolders, presentFolderHit, type FolderSearch } from './folder-results.ts';
import { searchableFields } from './metadata-fields.ts';
import { hitMoments, type HitMoment } from './hit-moments.ts';

export interface SearchInput {
  searchString: string;
  itemTypes: ItemType[];
  owner?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  folderId?: string | undefined;
  includeSubfolders: boolean;
  itemIds?: string[] | undefined;
  usage?: UsageFilterState | undefined;
  usageWithinDays?: number | undefined;
  deleted: boolean;
  sort?: SearchSort | undefined;
  /** With sort `field`: a sortable metadata field's id. */
  sortField?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  from: number;
  itemsPerPage: number;
}

export interface SearchHit extends ItemSummary {
  highlights: { title: [number, number][]; description: [number, number][] };
  /** The item's moments the search matched (hit-moments.ts); empty for most hits. */
  moments: HitMoment[];
}

export interface SearchAnswer {
  items: SearchHit[];
  total: number;
  totalIsLowerBound: boolean;
  from: number;
  itemsPerPage: number;
  warnings: { code: SearchWarningCode; message: string }[];
}

const WARNING_MESSAGES: Record<SearchWarningCode, string> = {
  wildcardsWithOperators: MESSAGES.searchWildcardsWithOperators,
};

interface Found {
  hits: SearchHit[];
  total: number;
  totalIsLowerBound: boolean;
}

interface Deps {
  index: SearchIndex;
  /** Admission: a search beyond the server's capacity is refused (503) rather than kept waiting. */
  queue: SearchQueue;
  folderSearch: FolderSearch;
  items: ItemsService;
  folders: FoldersService;
  users: Pick<UserDirectory, 'byId' | 'names'>;
  /** The tenant's forms: the fields a search may filter and sort by, the usage rules the usage filter weighs. */
  forms: ItemForms;
}

/** The search screen's and the API's search (docs/SEARCH.md): parse, check, run, present. */
export class SearchService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Ends what the search engine holds of its own (PostgreSQL: its pool). */
  close(): Promise<void> {
    return this.#d.index.close();
  }

  async search(caller: Identity, input: SearchInput): Promise<SearchAnswer> {
    const parsed = await this.#parsed(caller, input);
    return this.#d.queue.run(() => this.#run(caller, input, parsed));
  }

  /**
   * The ids of the live items a search finds, newest first, up to `limit` (a bulk update's
   * selection): the same query, filters and visibility as the search screen, no folders.
   */
  async itemIds(
    caller: Identity,
    input: Pick<SearchInput, 'searchString' | 'folderId' | 'includeSubfolders'>,
    limit: number,
  ): Promise<string[]> {
    const whole: SearchInput = {
      ...input,
      itemTypes: [],
      deleted: false,
      sort: 'created',
      from: 0,
      itemsPerPage: limit,
    };
    const parsed = await this.#parsed(caller, whole);
    return this.#d.queue.run(async () => {
      await this.#checkFilters(caller, whole);
      const request = await this.#request(caller, whole, parsed.query);
      const page = await this.#d.index.search({ ...request, hitMoments: false });
      return page.rows.map((r) => r.id);
    });
  }

  async #parsed(caller: Identity, input: SearchInput) {
    const fields = await searchableFields(this.#d.forms, caller);
    const parsed = parseSearchQuery(input.searchString, { metadataFields: fields.searchable });
    if (!parsed.ok) throw syntaxError(parsed.error);
    if (input.sort === 'field' && !fields.sortable.has(input.sortField?.toLowerCase() ?? '')) {
      throw badField('sortField', 'Sorting by a field needs one of the sortable fields of a form');
    }
    return parsed;
  }

  async #run(
    caller: Identity,
    input: SearchInput,
    parsed: { query: QueryNode | null; warnings: readonly SearchWarning[] },
  ): Promise<SearchAnswer> {
    await this.#checkFilters(caller, input);
    const request = await this.#request(caller, input, parsed.query);
    const { hits, total, totalIsLowerBound } = asksForFolders(request)
      ? await this.#withFolders(caller, request)
      : await this.#items(caller, request);
    return {
      items: hits,
      total,
      totalIsLowerBound,
      from: input.from,
      itemsPerPage: input.itemsPerPage,
      warnings: parsed.warnings.map((w) => ({ code: w.code, message: WARNING_MESSAGES[w.code] })),
    };
  }

  async #request(caller: Identity, input: SearchInput, query: QueryNode | null): Promise<SearchRequest> {
    const sort = input.sort ?? (query === null ? (input.deleted ? 'deleted' : 'created') : 'relevance');
    return {
      tenantId: caller.tenant.id,
      principal: caller.principal,
      query,
      itemTypes: input.itemTypes,
      ownerId: input.owner,
      createdFrom: input.createdFrom,
      createdTo: input.createdTo,
      folder:
        input.folderId === undefined
          ? undefined
          : { id: input.folderId, includeSubfolders: input.includeSubfolders },
      itemIds: input.itemIds,
      usage:
        input.usage === undefined
          ? undefined
          : {
              state: input.usage,
              withinDays: input.usageWithinDays ?? USAGE_FILTER_DAYS.default,
              now: new Date(),
              contexts: usageFilterContexts((await this.#d.forms.schemaOf(caller.tenant.id)).forms),
            },
      deleted: input.deleted,
      sort,
      sortField: input.sortField?.toLowerCase(),
      order: input.order ?? (sort === 'title' ? 'asc' : 'desc'),
      from: input.from,
      itemsPerPage: input.itemsPerPage,
      hitMoments: true,
    };
  }

  async #items(caller: Identity, r: SearchRequest): Promise<Found> {
    const page = await this.#d.index.search(r);
    const [summaries, moments] = await Promise.all([
      this.#d.items.summariesOf(caller, page.rows),
      hitMoments(page.moments, page.searched),
    ]);
    const title = highlighter(page.searched, 'title');
    const description = highlighter(page.searched, 'description');
    return {
      hits: await mapInSlices(summaries, (item) => ({
        ...item,
        highlights: { title: title(item.title), description: description(item.description) },
        moments: moments.get(item.id) ?? [],
      })),
      total: page.total,
      totalIsLowerBound: page.totalIsLowerBound,
    };
  }

  /**
   * The matching folders come before the items: a page's offset counts the folders first, then the
   * items, so the pages of a search neither repeat nor skip a result.
   */
  async #withFolders(caller: Identity, r: SearchRequest): Promise<Found> {
    const folders = await this.#d.folderSearch.matching(r);
    const shown = folders.slice(r.from, r.from + r.itemsPerPage);
    const items = onlyFolders(r)
      ? { hits: [], total: 0, totalIsLowerBound: false }
      : await this.#items(caller, {
          ...r,
          from: Math.max(0, r.from - folders.length),
          itemsPerPage: r.itemsPerPage - shown.length,
        });
    const names = await this.#d.users.names(
      caller.tenant.id,
      shown.map((f) => f.row.owner_id),
    );
    const total = folders.length + items.total;
    return {
      hits: [...shown.map((folder) => presentFolderHit(folder, names)), ...items.hits],
      total: Math.min(total, EXACT_TOTAL_LIMIT),
      totalIsLowerBound: items.totalIsLowerBound || total > EXACT_TOTAL_LIMIT,
    };
  }

  /** Filters name things of the caller's tenant that they can see; anything else is bad input. */
  async #checkFilters(caller: Identity, input: SearchInput): Promise<void> {
    if (input.itemIds !== undefined && input.itemIds.length > LIMITS.refineMaxItems) {
      throw badField('itemId', MESSAGES.refineSelectionLimit);
    }
    if (
      input.createdFrom !== undefined &&
      input.createdTo !== undefined &&
      input.createdFrom > input.createdTo
    ) {
      throw badField('createdTo', 'The end of the date range is before its start');
    }
    if (input.owner !== undefined && !(await this.#d.users.byId(caller.tenant.id, input.owner))) {
      throw badField('owner', 'No such user');
    }
    if (input.folderId !== undefined) {
      await this.#d.folders.visibleRow(caller, input.folderId).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'not_found'
          ? badField('folderId', 'No such folder')
          : err;
      });
    }
  }
}

/**
 * The English text names the character (1-based) for API users; the detail carries the parser's code
 * and values, with `position`, for clients that say it in their own language.
 */
function syntaxError({ code, params, message, position }: SearchSyntaxError): AppError {
  const at = position + 1;
  const text = formatMessage(MESSAGES.searchAtCharacter, { message, position: at });
  return new AppError('bad_request', text, [
    { field: 'searchString', message: text, messageId: code, params: { ...params, position: at } },
  ]);
}
