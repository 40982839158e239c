import { LOG_MOMENT_KIND, fold, logEventMomentText } from '@skald/domain';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import { contains } from '../../db/contains.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database, LogEventsTable } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { indexMoments, unindexSources } from '../../search/moment-index.ts';

/** A log event as the service sees it (its folded text is the repository's own). */
export type LogEventRow = Omit<Selectable<LogEventsTable>, 'text_folded'>;
type ItemFilter = ((eb: ExpressionBuilder<Database, 'items'>) => Expression<SqlBool>) | undefined;

export interface LogEventHitRow extends LogEventRow {
  item_title: string;
  item_type: string;
}

const COLUMNS = [
  'log_events.id',
  'log_events.tenant_id',
  'log_events.item_id',
  'log_events.form_id',
  'log_events.start_ms',
  'log_events.end_ms',
  'log_events.text',
  'log_events.field_values',
  'log_events.created_by',
  'log_events.created_at',
  'log_events.updated_at',
] as const;

/** A log event as a moment of the search index: its text and form values, at its time. */
function momentOf(row: LogEventRow) {
  return {
    tenant_id: row.tenant_id,
    item_id: row.item_id,
    source_id: row.id,
    kind: LOG_MOMENT_KIND,
    start_ms: row.start_ms,
    end_ms: row.end_ms ?? row.start_ms,
    text: logEventMomentText(row.text, JSON.parse(row.field_values) as Record<string, unknown>),
  };
}

/** The log_events table, every query scoped by tenant. */
export class LogEventsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** An item's events in time order, at most `limit`. */
  async ofItem(tenantId: string, itemId: string, limit: number): Promise<LogEventRow[]> {
    return this.#db
      .selectFrom('log_events')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .orderBy('start_ms')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countOfItem(tenantId: string, itemId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('log_events')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async byId(tenantId: string, id: string): Promise<LogEventRow | undefined> {
    return this.#db
      .selectFrom('log_events')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Writes the event and its row of the moment search index (docs/SEARCH.md) on `on`. */
  async insert(on: Executor, row: LogEventRow): Promise<void> {
    await on
      .insertInto('log_events')
      .values({ ...row, text_folded: fold(row.text) })
      .execute();
    await indexMoments(on, [momentOf(row)]);
  }

  async update(
    on: Executor,
    tenantId: string,
    id: string,
    patch: Pick<LogEventRow, 'start_ms' | 'end_ms' | 'text' | 'field_values' | 'updated_at'>,
  ): Promise<void> {
    await on
      .updateTable('log_events')
      .set({ ...patch, text_folded: fold(patch.text) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    await unindexSources(on, tenantId, [id]);
    const row = await on
      .selectFrom('log_events')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) await indexMoments(on, [momentOf(row)]);
  }

  async delete(on: Executor, tenantId: string, id: string): Promise<void> {
    await on.deleteFrom('log_events').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    await unindexSources(on, tenantId, [id]);
  }

  /** Events whose text holds `needle` (folded), on live items the filter lets through, newest first. */
  async search(
    tenantId: string,
    needle: string,
    visible: ItemFilter,
    q: Paging,
  ): Promise<Page<LogEventHitRow>> {
    let base = this.#db
      .selectFrom('log_events')
      .innerJoin('items', 'items.id', 'log_events.item_id')
      .where('log_events.tenant_id', '=', tenantId)
      .where('items.tenant_id', '=', tenantId)
      .where('items.deleted_at', 'is', null)
      .where(contains('log_events.text_folded', fold(needle)));
    if (visible) base = base.where(visible);
    const [items, count] = await Promise.all([
      base
        .select([...COLUMNS, 'items.title as item_title', 'items.item_type as item_type'])
        .orderBy('log_events.created_at', 'desc')
        .orderBy('log_events.id', 'desc')
        .offset(q.from)
        .limit(q.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
  }
}
