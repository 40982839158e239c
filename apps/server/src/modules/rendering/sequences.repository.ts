import type { SequenceClip } from '@skald/domain';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/** The clips of sequence items, in order (0045-sequences.ts). */
export class SequencesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async clipsOf(tenantId: string, sequenceId: string): Promise<SequenceClip[]> {
    const rows = await this.#db
      .selectFrom('sequence_clips')
      .select(['source_item_id', 'in_frame', 'out_frame'])
      .where('tenant_id', '=', tenantId)
      .where('sequence_item_id', '=', sequenceId)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ sourceItemId: r.source_item_id, inFrame: r.in_frame, outFrame: r.out_frame }));
  }

  /** Sets a sequence's clips: the list replaces the one it had. */
  async replace(
    on: Executor,
    tenantId: string,
    sequenceId: string,
    clips: readonly SequenceClip[],
  ): Promise<void> {
    await on
      .deleteFrom('sequence_clips')
      .where('tenant_id', '=', tenantId)
      .where('sequence_item_id', '=', sequenceId)
      .execute();
    if (clips.length === 0) return;
    await on
      .insertInto('sequence_clips')
      .values(
        clips.map((c, position) => ({
          tenant_id: tenantId,
          sequence_item_id: sequenceId,
          position,
          source_item_id: c.sourceItemId,
          in_frame: c.inFrame,
          out_frame: c.outFrame,
        })),
      )
      .execute();
  }
}
