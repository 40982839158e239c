import { MAX_SEQUENCE_CLIPS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import { itemSchema } from '../items/items.schemas.ts';
import { frameNumber, renderStartedSchema } from './renders.routes.ts';
import type { SequencesService } from './sequences.service.ts';

const tags = ['rendering'];

const clip = z.object({
  sourceItemId: z.uuid().meta({ description: 'A video item' }),
  inFrame: frameNumber.meta({ description: 'The first frame, counted from the source’s first (0)' }),
  outFrame: frameNumber.meta({ description: 'The frame after the last, in the source’s frames' }),
});

export function registerSequenceRoutes(app: App, s: { sequences: SequencesService }): void {
  app.post(
    '/api/v1/sequences',
    {
      // A sequence is a new item (spec §6 item.create).
      config: { access: { permission: 'item.create' } },
      schema: {
        tags,
        summary:
          'Save a clip list as a new sequence item in the folder of its first clip’s source: ranges of ' +
          'video items, in order (spec §5: all items of a sequence are video)',
        body: z.object({
          title: userText({ max: 500 }),
          clips: z.array(clip).min(1).max(MAX_SEQUENCE_CLIPS),
        }),
        // 404: a clip's source the caller cannot see.
        errors: [404, 409],
        response: { 201: itemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.sequences.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/items/:id/sequence',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A sequence item’s clips in order, each with its source’s title and frame rate',
        params: idParams,
        errors: [409],
        response: {
          200: z
            .object({
              clips: z.array(
                clip.extend({
                  title: z.string(),
                  frameRate: z.object({ numerator: z.int(), denominator: z.int() }),
                }),
              ),
            })
            .meta({ id: 'SequenceClips' }),
        },
      },
    },
    async (request) => ({ clips: await s.sequences.clips(authOf(request), request.params.id) }),
  );

  app.post(
    '/api/v1/items/:id/sequence/export',
    {
      // Spec §6 item.exportSequence.
      config: { access: { permission: 'item.exportSequence' } },
      schema: {
        tags,
        summary:
          'Render a sequence through a preset into a new video item beside it: its clips cut ' +
          'frame-accurately, brought to one format and joined. The new item exists at once, its ' +
          'transcoding state carrying the render’s progress. Sources outside their usage rights ' +
          'answer 409 unless confirmRights; the new item carries its sources’ usage rules',
        params: idParams,
        body: z.object({
          presetId: z.uuid(),
          title: userText({ max: 500 }).optional(),
          confirmRights: z.boolean().optional(),
        }),
        errors: [409],
        response: { 202: renderStartedSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.sequences.export(authOf(request), request.params.id, request.body)),
  );
}
