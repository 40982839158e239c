import { ANALYSIS_JOB_KINDS, ANALYSIS_PERMISSIONS, MESSAGES, TRANSCRIPTION_LANGUAGES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import type { AnalysisService } from './analysis.service.ts';

/** Items a bulk start takes at once: each is a few queries and an enqueue. */
export const BULK_START_MAX = 200;

const bulkStartSchema = z
  .object({
    started: z.array(z.string()),
    skipped: z.array(z.object({ itemId: z.string(), message: z.string() })),
  })
  .meta({ id: 'AnalysisBulkStart' });

/** Issue 14: an analysis started on a selection (the search and folder bulk bars). */
export function registerAnalysisBulkRoutes(app: App, s: { analysis: AnalysisService }): void {
  for (const kind of ANALYSIS_JOB_KINDS) {
    app.post(
      `/api/v1/analysis/${kind}/bulk`,
      {
        config: {
          access: { permission: ANALYSIS_PERMISSIONS[kind], message: MESSAGES.noAnalysisPermission },
        },
        schema: {
          tags: ['analysis'],
          summary:
            `Start ${kind} on each selected item; the items it cannot start on are skipped with the reason` +
            (kind === 'transcription'
              ? " (spec §5: 400 'A transcription language must be chosen for the bulk operation' without language)"
              : ''),
          body: z.object({
            itemIds: z.array(z.uuid()).min(1).max(BULK_START_MAX),
            language: z.enum(TRANSCRIPTION_LANGUAGES).optional(),
          }),
          response: { 200: bulkStartSchema },
        },
      },
      (request) => s.analysis.startMany(authOf(request), kind, request.body.itemIds, request.body.language),
    );
  }
}
