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

const clipList = z.array(clip).min(1).max(MAX_SEQUENCE_CLIPS);
const frameRate = z.object({ numerator: z.int(), denominator: z.int() });

const sequenceClipsSchema = z
  .object({
    clips: z.array(
      clip.extend({
        title: z.string(),
        frameRate,
        sourceFrames: z.int().meta({ description: 'The source’s length in frames: a trim stays within it' }),
      }),
    ),
  })
  .meta({ id: 'SequenceClips' });

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
          clips: clipList,
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
        summary: 'A sequence item’s clips in order, each with its source’s title, frame rate and length',
        params: idParams,
        errors: [409],
        response: { 200: sequenceClipsSchema },
      },
    },
    async (request) => ({ clips: await s.sequences.clips(authOf(request), request.params.id) }),
  );

  app.put(
    '/api/v1/items/:id/sequence',
    {
      // Editing a saved sequence is updating its item: item.update and the item's updatable-by.
      config: { access: { permission: 'item.update' } },
      schema: {
        tags,
        summary:
          'Replace a saved sequence’s clip list (clips added, removed, reordered or trimmed in the ' +
          'cutter), checked as a new sequence is (spec §5: all items of a sequence are video); the ' +
          'item’s history records it. Exports made before keep their clips',
        params: idParams,
        body: z.object({ clips: clipList }),
        // 404: the sequence or a clip's source the caller cannot see; 409: a source not processed yet.
        errors: [404, 409],
        response: { 200: sequenceClipsSchema },
      },
    },
    async (request) => ({
      clips: await s.sequences.edit(authOf(request), request.params.id, request.body.clips),
    }),
  );

  app.get(
    '/api/v1/items/:id/sequence/dependencies',
    {
      // Spec §6 item.dependenciesOnExportSequence.
      config: { access: { permission: 'item.dependenciesOnExportSequence' } },
      schema: {
        tags,
        summary:
          'What an export of the sequence depends on: each source item once, in the order it first ' +
          'appears, with the parts of it the clips use (overlapping or touching ranges joined), in ' +
          'frames of the source — the used parts an editing tool needs to rebuild the sequence',
        params: idParams,
        errors: [404, 409],
        response: {
          200: z
            .object({
              dependencies: z.array(
                z.object({
                  sourceItemId: z.uuid(),
                  title: z.string(),
                  fileName: z.string(),
                  frameRate,
                  parts: z.array(z.object({ inFrame: z.int(), outFrame: z.int() })),
                }),
              ),
            })
            .meta({ id: 'SequenceDependencies' }),
        },
      },
    },
    async (request) => ({
      dependencies: await s.sequences.dependencies(authOf(request), request.params.id),
    }),
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
