import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { indexMoments, unindexItemKind, unindexSources } from '../../search/moment-index.ts';
import type { AnalysisMomentRow } from '../../db/rows.ts';

/** The kinds of moment an analysis stores. */
export type MomentKind = 'shot' | 'text' | 'speech' | 'translation' | 'face' | 'celebrity' | 'label';

/** The rows that answer one item's results, at most this many per kind. */
const MOMENTS_MAX = 5_000;

/** What the analyses found for items, time-coded (analysis_moments). */
export class AnalysisRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Replaces the item's moments of a kind with a run's (a rerun replaces, never adds), and their
   * rows of the moment search index in the same transaction (docs/SEARCH.md).
   */
  async replace(
    tenantId: string,
    itemId: string,
    kind: MomentKind,
    rows: AnalysisMomentRow[],
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('analysis_moments')
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .where('kind', '=', kind)
        .execute();
      // Batches keep each statement under SQLite's limit on bound values.
      for (let i = 0; i < rows.length; i += 50) {
        await trx
          .insertInto('analysis_moments')
          .values(rows.slice(i, i + 50))
          .execute();
      }
      await unindexItemKind(trx, tenantId, itemId, kind);
      await indexMoments(
        trx,
        rows.map((r) => ({ ...r, source_id: r.id })),
      );
    });
  }

  /**
   * Sets the text of some moments (a face's person named, renamed or merged into another) and
   * keeps the moment search index current in the same transaction: `person:"New name"` and plain
   * words find them once `on` commits. Pass the caller's transaction as `on` to join it.
   */
  async updateMomentText(
    tenantId: string,
    momentIds: readonly string[],
    text: string | null,
    on?: Executor,
  ): Promise<void> {
    if (momentIds.length === 0) return;
    const run = async (trx: Executor) => {
      for (let i = 0; i < momentIds.length; i += 200) {
        const ids = momentIds.slice(i, i + 200);
        await trx
          .updateTable('analysis_moments')
          .set({ text })
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .execute();
        await unindexSources(trx, tenantId, ids);
        const rows = await trx
          .selectFrom('analysis_moments')
          .select(['id', 'tenant_id', 'item_id', 'kind', 'start_ms', 'end_ms', 'text'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .execute();
        await indexMoments(
          trx,
          rows.map((r) => ({ ...r, source_id: r.id })),
        );
      }
    };
    if (on) await run(on);
    else await this.#db.transaction().execute(run);
  }

  /** The item's moments of a kind, in time order. */
  async list(tenantId: string, itemId: string, kind: MomentKind): Promise<AnalysisMomentRow[]> {
    return this.#db
      .selectFrom('analysis_moments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .where('kind', '=', kind)
      .orderBy('start_ms')
      .orderBy('id')
      .limit(MOMENTS_MAX)
      .execute();
  }

  /** A shot's keyframe, by the shot's id. */
  async keyframe(tenantId: string, itemId: string, momentId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('analysis_moments')
      .select('blob_key')
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .where('id', '=', momentId)
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }
}
