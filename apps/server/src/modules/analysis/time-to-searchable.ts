import type { Db } from '../../db/database.ts';
import type { Identity } from '../../identity/identity.ts';
import type { ItemsService } from '../items/items.service.ts';

/** Issue 14 §4: when an item's latest upload finished, its proxy was ready, and each analysis was done. */
export interface TimeToSearchableDto {
  uploadedAt: string | null;
  proxyReadyAt: string | null;
  analyses: { kind: string; doneAt: string }[];
}

// The history entries that mark the way: an upload (or a new version) finishing, its transcode,
// and each analysis completing.
const MILESTONES = ['uploaded', 'versionAdded', 'transcodeCompleted', 'analysisCompleted'] as const;
/** An item's history holds a handful of these per upload; more than this is not read. */
const ROWS_MAX = 1_000;

/**
 * Reads the times from the item's history (item_history): after its latest upload, the first
 * transcode completed and the first completion of each analysis kind.
 */
export class TimeToSearchable {
  readonly #db: Db;
  readonly #items: Pick<ItemsService, 'visible'>;
  constructor(db: Db, items: Pick<ItemsService, 'visible'>) {
    this.#db = db;
    this.#items = items;
  }

  async of(caller: Identity, itemId: string): Promise<TimeToSearchableDto> {
    await this.#items.visible(caller, itemId);
    const rows = await this.#db
      .selectFrom('item_history')
      .select(['action', 'details', 'created_at'])
      .where('tenant_id', '=', caller.tenant.id)
      .where('item_id', '=', itemId)
      .where('action', 'in', MILESTONES)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ROWS_MAX)
      .execute();
    const upload = rows.find((r) => r.action === 'uploaded' || r.action === 'versionAdded');
    const after = rows.filter((r) => upload === undefined || r.created_at >= upload.created_at).reverse();
    const analyses = new Map<string, string>();
    for (const row of after) {
      if (row.action !== 'analysisCompleted') continue;
      const kind = (JSON.parse(row.details) as { kind?: unknown }).kind;
      if (typeof kind === 'string' && !analyses.has(kind)) analyses.set(kind, row.created_at);
    }
    return {
      uploadedAt: upload?.created_at ?? null,
      proxyReadyAt: after.find((r) => r.action === 'transcodeCompleted')?.created_at ?? null,
      analyses: [...analyses].map(([kind, doneAt]) => ({ kind, doneAt })),
    };
  }
}
