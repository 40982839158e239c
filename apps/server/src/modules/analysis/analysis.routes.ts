import { ANALYSIS_JOB_KINDS, ANALYSIS_PERMISSIONS, MESSAGES, TRANSCRIPTION_LANGUAGES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { fileAnswer, noContent } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { sendBlob } from '../items/blob-reply.ts';
import type { AnalysisService } from './analysis.service.ts';

const tags = ['analysis'];

const boxSchema = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .meta({ id: 'Box' });
const shotSchema = z
  .object({
    id: z.string(),
    startMs: z.number(),
    endMs: z.number(),
    score: z.number(),
    keyframeUrl: z.string().nullable(),
  })
  .meta({ id: 'Shot' });
const textLineSchema = z
  .object({
    startMs: z.number(),
    endMs: z.number(),
    text: z.string(),
    box: boxSchema,
    words: z.array(z.object({ text: z.string(), confidence: z.number(), box: boxSchema })),
  })
  .meta({ id: 'TextLine' });
const faceSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['face', 'celebrity']),
    startMs: z.number(),
    endMs: z.number(),
    score: z.number(),
    box: boxSchema,
    personId: z.string().nullable(),
    name: z.string().nullable(),
  })
  .meta({ id: 'TimelineFace' });
const labelSchema = z
  .object({ startMs: z.number(), endMs: z.number(), label: z.string(), score: z.number(), box: boxSchema })
  .meta({ id: 'TimelineLabel' });
const wordSchema = z
  .object({ text: z.string(), startMs: z.number(), endMs: z.number(), confidence: z.number() })
  .meta({ id: 'TranscriptWord' });
const segmentSchema = z
  .object({ startMs: z.number(), endMs: z.number(), text: z.string(), words: z.array(wordSchema) })
  .meta({ id: 'TranscriptSegment' });

export function registerAnalysisRoutes(app: App, s: { analysis: AnalysisService; blobs: BlobStore }): void {
  for (const kind of ANALYSIS_JOB_KINDS) {
    app.post(
      `/api/v1/items/:id/analysis/${kind}`,
      {
        config: {
          access: { permission: ANALYSIS_PERMISSIONS[kind], message: MESSAGES.noAnalysisPermission },
        },
        schema: {
          tags,
          summary: `Start ${kind} on the item's leading version (202); 409 while it is initiated or progressing`,
          params: idParams,
          // The spoken language (transcription); English when left out.
          body: z.object({ language: z.enum(TRANSCRIPTION_LANGUAGES).default('en') }).nullish(),
          errors: [409],
          response: { 202: noContent },
        },
      },
      async (request, reply) => {
        await s.analysis.start(authOf(request), request.params.id, kind, request.body?.language ?? 'en');
        return reply.status(202).send();
      },
    );
  }

  app.get(
    '/api/v1/items/:id/analysis',
    {
      config: { access: { permission: 'ui.analytics' } },
      schema: {
        tags,
        summary:
          'The shots (with keyframes), the text read in frames, the faces (with their persons) and the labels (COCO objects), in time order',
        params: idParams,
        response: {
          200: z.object({
            shots: z.array(shotSchema),
            textLines: z.array(textLineSchema),
            faces: z.array(faceSchema),
            labels: z.array(labelSchema),
          }),
        },
      },
    },
    (request) => s.analysis.timeline(authOf(request), request.params.id),
  );

  app.get(
    '/api/v1/items/:id/analysis/keyframes/:shotId',
    {
      config: { access: { permission: 'ui.analytics' } },
      schema: {
        tags,
        summary: "A shot's keyframe (JPEG)",
        params: idParams.extend({ shotId: z.uuid() }),
        response: { 200: fileAnswer('The keyframe') },
      },
    },
    async (request, reply) => {
      const key = await s.analysis.keyframe(authOf(request), request.params.id, request.params.shotId);
      return sendBlob(request, reply, s.blobs, key, { contentType: 'image/jpeg' });
    },
  );

  app.get(
    '/api/v1/items/:id/transcript',
    {
      config: { access: { permission: 'ui.transcript' } },
      schema: {
        tags,
        summary: "The transcript's utterances with their timed words (empty before a transcription)",
        params: idParams,
        response: {
          200: z
            .object({
              language: z.string().nullable(),
              provider: z.string().nullable(),
              segments: z.array(segmentSchema),
            })
            .meta({ id: 'Transcript' }),
        },
      },
    },
    (request) => s.analysis.transcript(authOf(request), request.params.id),
  );
}
