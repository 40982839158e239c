import { ANALYSIS_JOB_KINDS, TRANSCRIPTION_LANGUAGES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { AutoAnalysis } from './auto-analysis.ts';

const tags = ['analysis'];
const settingSchema = z
  .object({
    kinds: z.array(z.enum(ANALYSIS_JOB_KINDS)).max(ANALYSIS_JOB_KINDS.length),
    language: z.enum(TRANSCRIPTION_LANGUAGES).nullable(),
  })
  .meta({ id: 'AutoAnalysis' });
const folderSchema = z
  .object({ setting: settingSchema.nullable(), effective: settingSchema })
  .meta({ id: 'FolderAutoAnalysis' });

/** Issue 14: the analyses started after transcoding, per tenant and per folder. */
export function registerAutoAnalysisRoutes(app: App, s: { auto: AutoAnalysis }): void {
  app.get(
    '/api/v1/tenant/auto-analysis',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary:
          'The analyses started on every item once its transcode is done (unless its folder has its own)',
        response: { 200: settingSchema },
      },
    },
    (request) => s.auto.tenant(authOf(request).tenant.id),
  );

  app.put(
    '/api/v1/tenant/auto-analysis',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary:
          "Set the tenant's automatic analyses; transcription needs its language (400 naming language)",
        body: settingSchema,
        response: { 200: settingSchema },
      },
    },
    (request) => s.auto.setTenant(authOf(request).tenant.id, request.body),
  );

  app.get(
    '/api/v1/folders/:id/auto-analysis',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "The folder's own automatic analyses (null: the tenant's) and those that apply to its uploads",
        params: idParams,
        response: { 200: folderSchema },
      },
    },
    (request) => s.auto.folder(authOf(request), request.params.id),
  );

  app.put(
    '/api/v1/folders/:id/auto-analysis',
    {
      // Who may put items into the folder (its updatable-by list) sets it.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Set the folder's automatic analyses, or null to take the tenant's",
        params: idParams,
        body: z.object({ setting: settingSchema.nullable() }),
        response: { 200: folderSchema },
      },
    },
    (request) => s.auto.setFolder(authOf(request), request.params.id, request.body.setting),
  );
}
