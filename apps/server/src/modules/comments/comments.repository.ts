import { commentTaskStatus, fold, type TaskStatus } from '@skald/domain';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { contains } from '../../db/contains.ts';
import type { Db } from '../../db/database.ts';
import type { CommentsTable, Database } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';

/** A comment as the service sees it (its folded text is the repository's own). */
export type CommentRow = Omit<Selectable<CommentsTable>, 'text_folded'>;
type ItemFilter = ((eb: ExpressionBuilder<Database, 'items'>) => Expression<SqlBool>) | undefined;

export interface TaskRow extends CommentRow {
  item_title: string;
  item_type: string;
  replied: number;
  item_deleted: number;
}

export interface SearchRow extends CommentRow {
  item_title: string;
  item_type: string;
  thread_start_ms: number | null;
}

/** How many replies of a page's comments one list brings at most (the rest are counted). */
export const REPLIES_PER_PAGE = 1000;

// The facts spec §4's task status is made of (domain commentTaskStatus), as SQL on `comments` joined
// with `items`: filtering and counting by status ask the domain which combinations give a status.
const FACTS = {
  resolved: sql<SqlBool>`comments.resolved_at is not null`,
  itemDeleted: sql<SqlBool>`items.deleted_at is not null`,
  assigneeReplied: sql<SqlBool>`exists (select 1 from comments r where r.parent_id = comments.id
    and r.author_id = comments.assignee_id)`,
};
const COMBINATIONS = [false, true].flatMap((resolved) =>
  [false, true].flatMap((itemDeleted) =>
    [false, true].map((assigneeReplied) => ({ resolved, itemDeleted, assigneeReplied })),
  ),
);
const is = (fact: Expression<SqlBool>, value: boolean) => (value ? fact : sql<SqlBool>`not (${fact})`);

function statusFilter(status: TaskStatus) {
  const matching = COMBINATIONS.filter((f) => commentTaskStatus({ ...f, hasAssignee: true }) === status);
  return (eb: ExpressionBuilder<Database, 'comments' | 'items'>) =>
    eb.or(
      matching.map((f) =>
        eb.and([
          is(FACTS.resolved, f.resolved),
          is(FACTS.itemDeleted, f.itemDeleted),
          is(FACTS.assigneeReplied, f.assigneeReplied),
        ]),
      ),
    );
}

export class CommentsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async byId(tenantId: string, id: string): Promise<CommentRow | undefined> {
    return this.#db
      .selectFrom('comments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An item's comments (not replies), oldest first; `resolved` narrows to one state. */
  async ofItem(
    tenantId: string,
    itemId: string,
    resolved: boolean | undefined,
    q: Paging,
  ): Promise<Page<CommentRow>> {
    let base = this.#db
      .selectFrom('comments')
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .where('parent_id', 'is', null);
    if (resolved !== undefined) base = base.where('resolved_at', resolved ? 'is not' : 'is', null);
    const [items, count] = await Promise.all([
      base.selectAll().orderBy('created_at').orderBy('id').offset(q.from).limit(q.itemsPerPage).execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
  }

  /** The replies of these comments, oldest first, at most REPLIES_PER_PAGE in all. */
  async repliesOf(tenantId: string, parentIds: readonly string[]): Promise<CommentRow[]> {
    if (parentIds.length === 0) return [];
    return this.#db
      .selectFrom('comments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('parent_id', 'in', parentIds)
      .orderBy('created_at')
      .orderBy('id')
      .limit(REPLIES_PER_PAGE)
      .execute();
  }

  async insert(row: CommentRow): Promise<void> {
    await this.#db
      .insertInto('comments')
      .values({ ...row, text_folded: fold(row.text) })
      .execute();
  }

  async update(
    tenantId: string,
    id: string,
    patch: Partial<
      Omit<CommentRow, 'id' | 'tenant_id' | 'item_id' | 'parent_id' | 'created_at' | 'text_folded'>
    >,
  ): Promise<void> {
    await this.#db
      .updateTable('comments')
      .set({ ...patch, ...(patch.text !== undefined ? { text_folded: fold(patch.text) } : {}) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the comment and its replies (the foreign key's cascade). */
  async delete(tenantId: string, id: string): Promise<void> {
    await this.#db.deleteFrom('comments').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Comments and replies whose text holds `needle` (folded), on live items the filter lets through, newest first. */
  async search(tenantId: string, needle: string, visible: ItemFilter, q: Paging): Promise<Page<SearchRow>> {
    let base = this.#db
      .selectFrom('comments')
      .innerJoin('items', 'items.id', 'comments.item_id')
      .where('comments.tenant_id', '=', tenantId)
      .where('items.tenant_id', '=', tenantId)
      .where('items.deleted_at', 'is', null)
      .where(contains('comments.text_folded', fold(needle)));
    if (visible) base = base.where(visible);
    const [items, count] = await Promise.all([
      base
        .selectAll('comments')
        .select([
          'items.title as item_title',
          'items.item_type as item_type',
          // A reply opens at its comment's time.
          sql<
            number | null
          >`coalesce(comments.start_ms, (select p.start_ms from comments p where p.id = comments.parent_id))`.as(
            'thread_start_ms',
          ),
        ])
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .offset(q.from)
        .limit(q.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
  }

  #tasks(tenantId: string, assigneeId: string | undefined, visible: ItemFilter) {
    let base = this.#db
      .selectFrom('comments')
      .innerJoin('items', 'items.id', 'comments.item_id')
      .where('comments.tenant_id', '=', tenantId)
      .where('items.tenant_id', '=', tenantId)
      .where('comments.parent_id', 'is', null)
      .where('comments.assignee_id', 'is not', null);
    if (assigneeId !== undefined) base = base.where('comments.assignee_id', '=', assigneeId);
    if (visible) base = base.where(visible);
    return base;
  }

  /** Assigned comments (of one assignee, or everyone's) on items the filter lets through, newest first. */
  async tasks(
    tenantId: string,
    o: { assigneeId: string | undefined; visible: ItemFilter; status: TaskStatus | undefined },
    q: Paging,
  ): Promise<Page<TaskRow>> {
    let base = this.#tasks(tenantId, o.assigneeId, o.visible);
    if (o.status !== undefined) base = base.where(statusFilter(o.status));
    const [items, count] = await Promise.all([
      base
        .selectAll('comments')
        .select([
          'items.title as item_title',
          'items.item_type as item_type',
          sql<number>`case when ${FACTS.assigneeReplied} then 1 else 0 end`.as('replied'),
          sql<number>`case when ${FACTS.itemDeleted} then 1 else 0 end`.as('item_deleted'),
        ])
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .offset(q.from)
        .limit(q.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
  }

  /** How many of these tasks have each status. */
  async taskCounts(
    tenantId: string,
    o: { assigneeId: string | undefined; visible: ItemFilter },
  ): Promise<Record<TaskStatus, number>> {
    const flag = (fact: Expression<SqlBool>) => sql<number>`case when ${fact} then 1 else 0 end`;
    const rows = await this.#tasks(tenantId, o.assigneeId, o.visible)
      .select([
        flag(FACTS.resolved).as('resolved'),
        flag(FACTS.itemDeleted).as('item_deleted'),
        flag(FACTS.assigneeReplied).as('replied'),
        (eb) => eb.fn.countAll<string | number>().as('n'),
      ])
      .groupBy(['resolved', 'item_deleted', 'replied'])
      .execute();
    const counts: Record<TaskStatus, number> = {
      pending: 0,
      queued: 0,
      inProgress: 0,
      done: 0,
      cancelled: 0,
      error: 0,
    };
    for (const row of rows) {
      const status = commentTaskStatus({
        resolved: row.resolved === 1,
        itemDeleted: row.item_deleted === 1,
        assigneeReplied: row.replied === 1,
        hasAssignee: true,
      });
      counts[status] += Number(row.n);
    }
    return counts;
  }
}
