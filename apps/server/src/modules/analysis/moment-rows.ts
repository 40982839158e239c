import type { AnalysisMomentRow } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

/** Where a moment belongs: the tenant, the item and the version analysed. */
export interface MomentPlace {
  tenantId: string;
  itemId: string;
  versionId: string;
}

export type MomentValues = Pick<AnalysisMomentRow, 'kind' | 'start_ms' | 'end_ms' | 'score'> &
  Partial<Pick<AnalysisMomentRow, 'text' | 'box' | 'words' | 'blob_key' | 'language' | 'provider'>>;

/** A moment's row. */
export const momentRow = (place: MomentPlace, values: MomentValues, id = newId()): AnalysisMomentRow => ({
  id,
  tenant_id: place.tenantId,
  item_id: place.itemId,
  version_id: place.versionId,
  text: null,
  box: null,
  words: null,
  blob_key: null,
  language: null,
  provider: null,
  ...values,
  created_at: nowIso(),
});
