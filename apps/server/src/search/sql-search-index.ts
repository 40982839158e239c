import { createdRange, daysRange, momentKindsOf, type DayRange, type QueryNode } from '@skald/domain';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db, DbEngine } from '../db/database.ts';
import { engineOf } from '../db/engine.ts';
import { ITEM_COLUMNS } from '../db/schema.ts';
import { visibleTo } from '../access/visibility-filter.ts';
import { usersNamedBy } from '../db/users-named-by.ts';
import {
  EXACT_TOTAL_LIMIT,
  conjunctsOf,
  isTextOnly,
  type SearchPage,
  type SearchRequest,
} from './search-request.ts';
import type { ItemsQuery, TextEngine } from './text-engine.ts';
import { usageCondition } from './usage-condition.ts';
import {
  DRIVE_BELOW,
  WALK_FROM,
  metadataCondition,
  metadataSortKey,
  oneRun,
  withDateRanges,
} from './metadata-condition.ts';
import {
  MetadataPlanner,
  decidedByItsRows,
  drivingFilter,
  itemsOfFilter,
  type MetadataNode,
  type MetadataPlans,
} from './metadata-drive.ts';
import { expandWildcards } from './wildcards.ts';
import type { MomentEngine } from './moment-engines.ts';
import {
  momentAlternative,
  momentCondition,
  momentDriven,
  momentOnDoc,
  momentOrdered,
  momentPlans,
  type MomentPlans,
  newestItemsFirst,
  prefixCounted,
  rarerFilter,
  readHitMoments,
  type HitMomentRow,
} from './moment-search.ts';

const TRUE = sql<SqlBool>`1 = 1`;

/** A kind filter of one word or a prefix: one that moment_terms may answer (moment-terms.ts). */
const ofWordOrPrefix = (node: QueryNode): boolean =>
  node.kind === 'moment' &&
  (node.match.kind === 'word' || (node.match.kind === 'wildcard' && node.match.prefix !== null));

/**
 * Under this many matches, a plain text is checked on a kind filter's walk by the list of its
 * matches (SQLite: 5,000 matches listed in about 5 ms), before each item is read; above, on the
 * item's own row.
 */
const TEXT_LISTED_BELOW = 20_000;

// Timestamps are ISO-8601 UTC text, so a day's bounds compare as text on both engines.
function createdBetween(range: DayRange): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (range.from !== undefined) parts.push(sql<SqlBool>`items.created_at >= ${range.from}`);
  if (range.before !== undefined) parts.push(sql<SqlBool>`items.created_at < ${range.before}`);
  return parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** True when the request filters the items by more than its query (type, owner, dates, folder, ids, usage). */
const narrowed = (r: SearchRequest): boolean =>
  r.itemTypes.length > 0 ||
  r.ownerId !== undefined ||
  r.createdFrom !== undefined ||
  r.createdTo !== undefined ||
  r.folder !== undefined ||
  r.itemIds !== undefined ||
  r.usage !== undefined;

/**
 * True when the request lets only items created up to some time through (expired by a usage rule,
 * or created before a day): a count driven by a filter's rows then reads the oldest first, where
 * else it reads the newest first (itemsOfFilter).
 */
const oldestFirst = (r: SearchRequest): boolean => r.usage?.state === 'expired' || r.createdTo !== undefined;

/**
 * The search over `items` on either engine: the full-text part comes from the engine, everything
 * else (tenant, live or deleted, visibility, type, owner, dates, folder, a refined selection) is a
 * plain condition on `items`, so those filters stay fast and identical on both engines.
 */
export class SqlSearchIndex {
  readonly #db: Db;
  readonly #engine: TextEngine;
  readonly #moments: MomentEngine;
  readonly #planner: MetadataPlanner;
  readonly #dbEngine: DbEngine;
  constructor(db: Db, engine: TextEngine, moments: MomentEngine) {
    this.#db = db;
    this.#dbEngine = engineOf(db as unknown as Kysely<unknown>);
    this.#engine = engine;
    this.#moments = moments;
    this.#planner = new MetadataPlanner(db);
  }

  /** The indexed moments of a page's items that the query can find (moment-search.ts). */
  #hitMoments(
    tenantId: string,
    query: QueryNode | null,
    rows: readonly { id: string }[],
  ): Promise<HitMomentRow[]> {
    if (query === null || rows.length === 0) return Promise.resolve([]);
    return readHitMoments(
      this.#db,
      tenantId,
      rows.map((row) => row.id),
      momentKindsOf(query),
    );
  }

  async search(r: SearchRequest): Promise<SearchPage> {
    const query = await expandWildcards(r.query, (pattern, limit) =>
      this.#engine.words(r.tenantId, pattern, limit),
    );
    if (query === 'nothing') {
      return { rows: [], searched: null, total: 0, totalIsLowerBound: false, moments: [] };
    }
    const { driven, rest: conjuncts } = this.#engine.drive(conjunctsOf(query));
    const rest = withDateRanges(conjuncts);
    // Plain words find items by their moments too: a last tier of the items only moments match.
    const drivenText = conjunctsOf(query).filter((c) => !conjuncts.includes(c));
    // `walked`: a kind filter of one word (or a prefix's few) may be walked, its rows checked for
    // the plain word. The plans are made side by side (each a few lookups of the index).
    const walked = !this.#moments.wordsOnItems && rest.some(ofWordOrPrefix);
    const [plans, moments, spoken] = await Promise.all([
      this.#planner.plans(r.tenantId, rest),
      momentPlans(this.#db, this.#moments, r.tenantId, rest, driven === null),
      driven ? momentAlternative(this.#db, this.#moments, r.tenantId, drivenText, walked) : null,
    ]);
    // Without text, a metadata filter's own index rows may drive the page or the count: its
    // condition is left out when those rows alone decide it, and the other metadata filters are
    // looked up for each of the (few, or soon stopped) items read rather than listed in full.
    const pageDriver = driven === null ? drivingFilter(plans, 'page') : null;
    // Sorted by creation, a kind filter of one word walks its items in that order (moment-terms.ts).
    const creationOrder = r.sort === 'relevance' ? 'desc' : r.sort === 'created' ? r.order : null;
    const inOrder =
      driven || pageDriver || creationOrder === null
        ? null
        : momentOrdered(this.#db, moments, creationOrder, true);
    const byMoments =
      driven || pageDriver ? null : (inOrder ?? momentDriven(this.#db, this.#moments, r.tenantId, moments));
    // Counting from a field's rows leaves out the moment filter that drives the page: not then.
    // Expiring items are a narrow window of creation times: a broad value's rows would mostly name
    // items outside it (a choice of 100,000 items read 46,000 rows for a count of 1,001 at
    // 1,000,000 items, 80 ms), where the window's items are read from their index. PostgreSQL,
    // checking the field on the window's rows, drives only from a rare value there
    // (`category:x&usage=expiring` at 200,000 items: the choice's 20,000 rows, each one's item read
    // by id: 82,000 buffers, 159 ms for a count of 378; walking the window's items: 17,800, 29 ms).
    const countDriver =
      driven === null && byMoments === null
        ? drivingFilter(
            plans,
            'count',
            r.usage?.state === 'expiring',
            this.#dbEngine === 'postgres' ? DRIVE_BELOW : WALK_FROM,
          )
        : null;
    // A walk that drives the page only (a common phrase's) leaves the count to the index.
    const countByMoments =
      driven || pageDriver || (byMoments && !inOrder?.pageOnly) || countDriver
        ? null
        : (prefixCounted(this.#db, moments) ??
          (this.#moments.countsFromIndex
            ? momentDriven(this.#db, this.#moments, r.tenantId, moments, 'lookup')
            : null));
    // Walking the items themselves for a filter alone, it is looked up for each walked item rather
    // than listed: one not rare enough to drive has so many rows that listing them costs more than
    // the walk (a month of a date field at 1,000,000 items, 27,000 rows: a page in 16 ms listed, 9
    // looked up). Another condition makes the walk longer, and the list pays again (a date range
    // and a choice: 38 ms looked up). SQLite only: PostgreSQL's list is a hash its walk probes at
    // little cost.
    const walksItems =
      this.#dbEngine === 'sqlite' &&
      driven === null &&
      pageDriver === null &&
      byMoments === null &&
      rest.length === 1 &&
      !narrowed(r);
    const conditions = rest
      .filter((node) => node !== byMoments?.leaf)
      .map((node) => ({
        node,
        condition: this.#condition(r.tenantId, node, plans, moments, walksItems, driven !== null),
      }));
    const fieldAt = (node: MetadataNode, plan: 'in' | 'exists', itemId: Expression<string>) =>
      metadataCondition(r.tenantId, node.fieldId, node.match, this.#dbEngine, this.#onRow(plan), itemId);
    // `driver`: the filter whose rows the query reads (the others are looked up by its row's id, so
    // SQLite checks them before reading the item; PostgreSQL on the item's row), but those `merged`
    // into its rows (`mergedWith`). `matchId`: the text index's own id of a match
    // (Driven.itemId), checked before the item is read; `matchDocId` its doc id (Driven.docId), by
    // which a kind filter's word is (momentOnDoc). `drivenBy`: the moment filter that drives.
    // Beside words, PostgreSQL asks the text index for a field's value too ('indexed row').
    const filtered = (
      query: ItemsQuery,
      how: {
        driver?: MetadataNode;
        merged?: readonly MetadataNode[];
        drivenBy?: QueryNode;
        matchId?: Expression<string>;
        matchDocId?: Expression<number>;
      } = {},
    ) => {
      const { driver, drivenBy, matchId, matchDocId } = how;
      let q = this.#filtered(query, r, driven !== null);
      const fields: Expression<SqlBool>[] = [];
      const check = (field: Expression<SqlBool>) => {
        fields.push(field);
        q = q.where(field);
      };
      for (const { node, condition } of conditions) {
        if (node === drivenBy || (node === driver && decidedByItsRows(driver))) continue;
        if (node.kind === 'metadata' && how.merged?.includes(node)) continue;
        if (node.kind === 'moment' && matchDocId) {
          q = q.where(momentOnDoc(node, moments, matchDocId) ?? condition);
        } else if (node.kind !== 'metadata') q = q.where(condition);
        else if (driver) {
          check(fieldAt(node, 'exists', sql.ref('m.item_id')));
        } else if (matchId) {
          check(fieldAt(node, plans.get(node)?.plan === 'exists' ? 'exists' : 'in', matchId));
        } else if (driven && this.#dbEngine === 'postgres') {
          check(metadataCondition(r.tenantId, node.fieldId, node.match, 'postgres', 'indexed row'));
        } else check(condition);
      }
      // Last: its lookups of the forms an item holds cost more than a field's, and SQLite checks in
      // this order (a choice within the expiring window at 1,000,000 items: 60 ms a count, 30–40 ms
      // so); PostgreSQL, which orders by estimated costs, is told (usageCondition's `after`).
      if (r.usage) q = q.where(usageCondition(r.usage, this.#dbEngine === 'postgres' ? fields : []));
      return q;
    };
    const textMatch = spoken ? this.#engine.textCondition(spoken.node) : 'split';
    // Checked on the walked items' own rows: the text's list of matches costs more than the walk.
    const rowMatch = spoken ? this.#engine.rowCondition(spoken.node) : 'split';
    const textOnRow = textMatch === 'split' || rowMatch === 'split' ? textMatch : rowMatch;
    // A rare kind filter's items, each checked for the text on its row, give the text's tiers and
    // the count (the moments' tier below stays).
    const onRows = driven?.onRows;
    // Not where the items hold their moments' words (PostgreSQL): the text's index scan then finds
    // the items holding both sides.
    const wordsOnItems = this.#moments.wordsOnItems;
    const rarer =
      driven && onRows && r.sort === 'relevance' && !wordsOnItems
        ? await rarerFilter(this.#db, moments, driven)
        : null;
    // A common plain word's moments are looked up item by item: a kind filter of one word, if
    // any, gives the tier its items instead, in its order, rather than walking every item.
    const byWord =
      spoken?.plan === 'lookup' && !wordsOnItems ? momentOrdered(this.#db, moments, 'desc') : null;
    // Its rows are checked before their items are read: the word's own rows, and the list of the
    // text's matches when they are few (else the text on the item's row, read anyway). Not for a
    // rarer filter's few items: listing up to 20,000 matches cost more than reading them.
    const textListed =
      byWord && spoken && !rarer ? await this.#engine.matchesOnWalk(spoken.node, TEXT_LISTED_BELOW) : null;
    // A rarer filter's walk with few enough text matches checks its rows against the lists of their
    // ids (Driven.onIds), before any item is read: only the items holding both sides are (SQLite;
    // PostgreSQL has no such lists and checks each item's row). So does the moments' tier's walk.
    const onIds = rarer?.onIds ?? null;
    const textOnWalk = onIds?.all ?? textListed ?? textOnRow;
    const spokenOnWalk = spoken?.hasOnWalk ?? spoken?.has;
    const onlyInMoments =
      spoken && textOnRow !== 'split'
        ? {
            query: filtered(
              byWord
                ? byWord.query.where(spokenOnWalk ?? spoken.has).where(sql<SqlBool>`not ${textOnWalk}`)
                : spoken.items.where(sql<SqlBool>`not ${textOnRow}`),
              { drivenBy: byWord?.leaf },
            ),
            newestFirst: byWord?.order ?? newestItemsFirst,
          }
        : null;
    const rarerTiers =
      rarer && onIds
        ? {
            query: filtered(rarer.walk.where(onIds.all), { drivenBy: rarer.leaf }),
            newestFirst: onIds.tiered,
          }
        : rarer && onRows
          ? {
              query: filtered(rarer.query.where(onRows.all), { drivenBy: rarer.leaf }),
              newestFirst: onRows.tiered,
            }
          : null;
    // The count of a rarer filter: its items with the text or a moment holding it (the tiers' and
    // the moments' tier's items); on the walk's rows when the text is tested by ids and the moments'
    // tier, if any, on the rows too (no tier: nothing to add; null: its test needs the item's row).
    const momentsOnWalk = onlyInMoments && spoken ? spoken.hasOnWalk : sql<SqlBool>`1 = 0`;
    const countByRarer =
      rarer && onIds && momentsOnWalk
        ? filtered(rarer.walk.where(sql<SqlBool>`(${onIds.all} or ${momentsOnWalk})`), {
            drivenBy: rarer.leaf,
          })
        : rarer && onRows
          ? filtered(
              rarer.query.where(
                onlyInMoments && spoken ? sql<SqlBool>`(${onRows.all} or ${spoken.has})` : onRows.all,
              ),
              { drivenBy: rarer.leaf },
            )
          : null;
    // Else the count walks those items once, each checked for the text or a moment holding it:
    // the same items as the text's matches with the filter plus the tier's, where counting the
    // text's matches walked every one of them (tens of thousands for a common word) when fewer
    // than the cap hold both.
    const countByWord =
      byWord && spoken && textOnRow !== 'split' && !countByRarer
        ? filtered(byWord.query.where(sql<SqlBool>`(${textOnWalk} or ${spokenOnWalk ?? spoken.has})`), {
            drivenBy: byWord.leaf,
          })
        : null;
    const all = filtered(
      driven?.all ??
        (pageDriver
          ? itemsOfFilter(this.#db, r.tenantId, pageDriver)
          : (byMoments?.query ?? this.#db.selectFrom('items'))),
      { driver: pageDriver ?? undefined, matchId: driven?.itemId, matchDocId: driven?.docId },
    );
    // Counting over the items themselves, newest first, as the page walks them: in any order the
    // index offered, SQLite walked from the oldest, which a usage rule has expired (`usage=valid`
    // counted 330,000 expired items first at 1,000,000: 850 ms instead of 4).
    const walksNewestFirst =
      driven === null &&
      pageDriver === null &&
      byMoments === null &&
      ![...moments.values()].some((m) => m.indexed);
    const countMerged = countDriver ? this.#mergedWith(countDriver, rest) : [];
    const countable = countByWord
      ? Promise.resolve(countByWord)
      : countByRarer
        ? Promise.resolve(countByRarer)
        : countDriver
          ? Promise.resolve(
              filtered(
                itemsOfFilter(
                  this.#db,
                  r.tenantId,
                  countDriver,
                  countMerged,
                  oldestFirst(r) ? 'asc' : 'desc',
                ),
                {
                  driver: countDriver,
                  merged: countMerged,
                },
              ),
            )
          : countByMoments
            ? Promise.resolve(filtered(countByMoments.query, { drivenBy: countByMoments.leaf }))
            : inOrder
              ? Promise.resolve(all)
              : this.#engine.countable(
                  walksNewestFirst ? all.orderBy('items.created_at', 'desc') : all,
                  driven,
                  this.#filtered(this.#db.selectFrom('items'), r, false),
                );
    const sorted =
      spoken && textMatch !== 'split'
        ? filtered(this.#db.selectFrom('items').where(sql<SqlBool>`(${textMatch} or ${spoken.has})`))
        : all;
    // The page's hit moments are read as soon as its rows are, beside the count.
    const withMoments = async <R extends { id: string }>(rows: R[]) => ({
      rows,
      moments: r.hitMoments ? await this.#hitMoments(r.tenantId, query, rows) : [],
    });
    const [{ rows, moments: momentRows }, total] = await Promise.all([
      (driven && r.sort === 'relevance'
        ? this.#tiered(
            [
              ...(rarerTiers
                ? [rarerTiers]
                : driven.tiers.map((tier) => ({
                    query: filtered(tier, { matchId: driven.itemId, matchDocId: driven.docId }),
                    newestFirst: driven.newestFirst,
                  }))),
              ...(onlyInMoments ? [onlyInMoments] : []),
            ],
            r,
          )
        : (inOrder ? inOrder.order(sorted) : this.#ordered(sorted, r))
            .offset(r.from)
            .limit(r.itemsPerPage)
            .select(ITEM_COLUMNS.map((c) => `items.${c}` as const))
            .execute()
      ).then(withMoments),
      countable
        .then((query) => this.#countUpTo(query, EXACT_TOTAL_LIMIT + 1))
        .then(async (n) =>
          onlyInMoments && !countByWord && !countByRarer && n <= EXACT_TOTAL_LIMIT
            ? n + (await this.#countUpTo(onlyInMoments.query, EXACT_TOTAL_LIMIT + 1 - n))
            : n,
        ),
    ]);
    return {
      rows,
      moments: momentRows,
      searched: query,
      total: Math.min(total, EXACT_TOTAL_LIMIT),
      totalIsLowerBound: total > EXACT_TOTAL_LIMIT,
    };
  }

  /**
   * Everything but the text: tenant, live or deleted, visibility and the request's filters. When
   * the full-text index drives, type and owner are checked on the matches rather than read from
   * their indexes: a type holds a third of a library, and PostgreSQL would AND a bitmap of all of
   * it with the text's (150 ms at 1M items, bench/search.ts) where checking the matches costs
   * nothing.
   */
  #filtered(query: ItemsQuery, r: SearchRequest, driven: boolean): ItemsQuery {
    const column = (name: 'item_type' | 'owner_id') =>
      driven ? sql<string>`(items.${sql.raw(name)} || '')` : sql.ref<string>(`items.${name}`);
    let q = query
      .where('items.tenant_id', '=', r.tenantId)
      .where('items.deleted_at', r.deleted ? 'is not' : 'is', null);
    const visible = visibleTo(r.principal, 'items');
    if (visible) q = q.where(visible);
    if (r.itemTypes.length > 0) q = q.where(column('item_type'), 'in', r.itemTypes);
    if (r.ownerId !== undefined) q = q.where(column('owner_id'), '=', r.ownerId);
    if (r.createdFrom !== undefined || r.createdTo !== undefined) {
      q = q.where(createdBetween(daysRange(r.createdFrom, r.createdTo)));
    }
    if (r.folder) q = q.where(this.#inFolder(r.tenantId, r.folder.id, r.folder.includeSubfolders));
    if (r.itemIds !== undefined) q = q.where('items.id', 'in', r.itemIds.length > 0 ? r.itemIds : ['']);
    return q;
  }

  /**
   * One page of relevance tiers read in turn, each newest first, so the index can stop after the
   * page instead of ranking every match. A tier that ends before the page starts is counted (up to
   * the page's start) to know where the next one begins.
   */
  async #tiered(
    tiers: { query: ItemsQuery; newestFirst: (q: ItemsQuery) => ItemsQuery }[],
    r: SearchRequest,
  ) {
    const rows = [];
    let offset = r.from;
    for (const [i, { query: tier, newestFirst }] of tiers.entries()) {
      const page = await newestFirst(tier)
        .offset(offset)
        .limit(r.itemsPerPage - rows.length)
        .select(ITEM_COLUMNS.map((c) => `items.${c}` as const))
        .execute();
      rows.push(...page);
      if (rows.length >= r.itemsPerPage || i === tiers.length - 1) break;
      offset = page.length > 0 || offset === 0 ? 0 : offset - (await this.#countUpTo(tier, offset));
    }
    return rows;
  }

  async #countUpTo(query: ItemsQuery, limit: number): Promise<number> {
    const { n } = await this.#db
      .selectFrom(
        query
          .select(sql<number>`1`.as('one'))
          .limit(limit)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  #ordered(base: ItemsQuery, r: SearchRequest): ItemsQuery {
    const direction = r.order;
    switch (r.sort) {
      case 'relevance':
        // Without a text part there is no relevance: newest first.
        return base.orderBy('items.created_at', 'desc').orderBy('items.id', 'desc');
      case 'title':
        return base.orderBy('items.title_folded', direction).orderBy('items.id', direction);
      case 'created':
        return base.orderBy('items.created_at', direction).orderBy('items.id', direction);
      case 'deleted':
        return base.orderBy('items.deleted_at', direction).orderBy('items.id', direction);
      case 'field': {
        // Items without a value in the field come last either way, as for a duration.
        const key = metadataSortKey(r.tenantId, r.sortField ?? '');
        return base
          .orderBy(sql`${key} is null`)
          .orderBy(key, direction)
          .orderBy('items.id', direction);
      }
      case 'duration':
        // Items without a duration come last either way, on both engines.
        return base
          .orderBy(sql`items.duration_ms is null`)
          .orderBy('items.duration_ms', direction)
          .orderBy('items.id', direction);
    }
  }

  #condition(
    tenantId: string,
    node: QueryNode,
    plans: MetadataPlans = new Map(),
    moments: MomentPlans = new Map(),
    walksItems = false,
    driven = false,
  ): Expression<SqlBool> {
    if (isTextOnly(node)) {
      const text = this.#engine.textCondition(node);
      if (text !== 'split') return text;
    }
    switch (node.kind) {
      case 'and':
      case 'or': {
        const parts = node.children.map((c) => this.#condition(tenantId, c, plans, moments, false, driven));
        return sql<SqlBool>`(${sql.join(parts, node.kind === 'and' ? sql` and ` : sql` or `)})`;
      }
      case 'not':
        return sql<SqlBool>`not (${this.#condition(tenantId, node.child, plans, moments, false, driven)})`;
      case 'type':
        return sql<SqlBool>`items.item_type = ${node.itemType}`;
      case 'created':
        return createdBetween(createdRange(node.op, node.date));
      case 'metadata': {
        const plan = plans.get(node)?.plan;
        return metadataCondition(
          tenantId,
          node.fieldId,
          node.match,
          this.#dbEngine,
          this.#onRow(plan === 'exists' || (walksItems && plan === 'in') ? 'exists' : 'in'),
        );
      }
      case 'moment':
        return momentCondition(this.#moments, tenantId, node, moments, driven);
      case 'user': {
        const column = node.role === 'owner' ? sql`items.owner_id` : sql`items.created_by`;
        return sql<SqlBool>`${column} in (${usersNamedBy(tenantId, node.value)})`;
      }
      case 'text':
        throw new Error('the text engine must answer every text leaf');
    }
  }

  /**
   * PostgreSQL: the other filters of one word or one pair (`oneRun`) that a count driven by such a
   * filter merges into the driver's rows (itemsOfFilter), all of them runs of the primary key in
   * item id order, so that only the items holding every value are read: `category:x approved:true`
   * at 1,000,000 items read the item of each of the choice's 6,500 rows before merging with the
   * checkbox's rows (26,000 buffers); merged first, only the 1,300 holding both.
   */
  #mergedWith(driver: MetadataNode, conjuncts: readonly QueryNode[]): MetadataNode[] {
    if (this.#dbEngine !== 'postgres' || !oneRun(driver.match)) return [];
    return conjuncts.filter(
      (node): node is MetadataNode => node !== driver && node.kind === 'metadata' && oneRun(node.match),
    );
  }

  /**
   * PostgreSQL checks a field filter on the item's row (`items.short_field_terms`) however the
   * search joins it: the row is read anyway, where a lookup or a list reads the field index.
   */
  #onRow(plan: 'in' | 'exists'): 'in' | 'exists' | 'row' {
    return this.#dbEngine === 'postgres' ? 'row' : plan;
  }

  #inFolder(tenantId: string, folderId: string, includeSubfolders: boolean): Expression<SqlBool> {
    if (!includeSubfolders) return sql<SqlBool>`items.folder_id = ${folderId}`;
    return sql<SqlBool>`items.folder_id in (
      with recursive subtree (id) as (
        select id from folders where tenant_id = ${tenantId} and id = ${folderId}
        union all
        select folders.id from folders join subtree on folders.parent_id = subtree.id
        where folders.tenant_id = ${tenantId})
      select id from subtree)`;
  }
}
