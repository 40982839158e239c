import type { AnalysisMomentRow } from '../../src/db/rows.ts';
import type { MomentKind } from '../../src/modules/analysis/analysis.repository.ts';

/** An analysis moment of two seconds at `startMs`, as an engine would store it. */
export const momentRow = (
  tenantId: string,
  itemId: string,
  kind: MomentKind,
  startMs: number,
  text: string,
): AnalysisMomentRow => ({
  id: crypto.randomUUID(),
  tenant_id: tenantId,
  item_id: itemId,
  version_id: crypto.randomUUID(),
  kind,
  start_ms: startMs,
  end_ms: startMs + 2_000,
  text,
  score: 90,
  box: null,
  words: null,
  blob_key: null,
  language: null,
  provider: null,
  created_at: new Date().toISOString(),
});
