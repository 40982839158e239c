import type { Executor } from '../../db/executor.ts';
import type { ItemHistoryEntry, ItemRow, VersionRow } from '../../db/rows.ts';

/** What a run leaves on the version it processed. */
export interface VersionResults {
  sha256: string;
  item_type: string;
  technical: string | null;
  renditions: string;
  exif: string | null;
}

/**
 * What processing reads and writes of items: their rows, a version's results, the item's type and
 * duration once its leading version is known, and their history. Declared here so processing needs
 * nothing of the items module; the composition root passes the items repository.
 */
export interface ProcessedItems {
  readonly executor: Executor;
  byId(tenantId: string, id: string, on?: Executor): Promise<ItemRow | undefined>;
  version(tenantId: string, versionId: string): Promise<VersionRow | undefined>;
  updateVersion(tenantId: string, id: string, patch: VersionResults): Promise<void>;
  update(
    on: Executor,
    tenantId: string,
    id: string,
    patch: { item_type: string; duration_ms: number | null; updated_at: string },
  ): Promise<void>;
  addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void>;
}
