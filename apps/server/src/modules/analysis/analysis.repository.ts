import type { Db } from '../../db/database.ts';
import type { AnalysisMomentRow } from '../../db/rows.ts';

/** The kinds of moment an analysis stores. */
export type MomentKind = 'shot' | 'text' | 'speech';

/** The rows that answer one item's results, at most this many per kind. */
export const MOMENTS_MAX = 5_000;

/** What the analyses found for items, time-coded (analysis_moments). */
export class AnalysisRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Replaces the item's moments of a kind with a run's (a rerun replaces, never adds). */
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
    });
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
