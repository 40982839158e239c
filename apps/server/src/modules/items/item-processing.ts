import type { AnalysisState } from '@skald/domain';
import type { Executor } from '../../db/executor.ts';
import type { AnalysisRow } from '../../db/rows.ts';

/**
 * What items asks of the processing of its versions: the analysis states it shows, and starting or
 * settling a version's transcoding when a version arrives, leads again or is reprocessed. Declared
 * here so items needs nothing of the processing module; the composition root passes its service.
 */
export interface ItemProcessing {
  statesOf(tenantId: string, itemIds: readonly string[]): Promise<AnalysisRow[]>;
  start(
    kind: 'transcoding',
    tenantId: string,
    itemId: string,
    versionId: string,
    actorId: string | null,
    options?: { again?: boolean },
  ): Promise<void>;
  setState(
    kind: 'transcoding',
    tenantId: string,
    itemId: string,
    update: Pick<AnalysisState, 'state' | 'progress' | 'errorMessage'>,
    on?: Executor,
  ): Promise<void>;
  forget(on: Executor, tenantId: string, itemId: string): Promise<void>;
}
