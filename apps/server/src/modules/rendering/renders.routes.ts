import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import { itemSchema } from '../items/items.schemas.ts';
import type { RendersService } from './renders.service.ts';

const tags = ['rendering'];
export const frameNumber = z
  .int()
  .min(0)
  .max(24 * 3600 * 120);

/**
 * A frame range of a source through a preset: a subclip's, or a central render request's;
 * `confirmRights` when the caller saw that the source is outside its usage rules.
 */
export const subclipRange = z.object({
  presetId: z.uuid(),
  inFrame: frameNumber,
  outFrame: frameNumber,
  confirmRights: z.boolean().optional(),
});

/** A render asked for: its id, and the new item it makes (its transcoding state carries the progress). */
export const renderStartedSchema = z
  .object({ renderId: z.string(), item: itemSchema })
  .meta({ id: 'RenderStarted' });

export function registerRenderRoutes(app: App, s: { renders: RendersService }): void {
  app.post(
    '/api/v1/items/:id/subclips',
    {
      // Spec §6 analytics.subclip.
      config: { access: { permission: 'analytics.subclip' } },
      schema: {
        tags,
        summary:
          'Render a frame range of a video item through a preset into a new item beside it. The new ' +
          'item exists at once, its transcoding state carrying the render’s progress; its file ' +
          'arrives when the render ends',
        params: idParams,
        body: subclipRange.extend({ title: userText({ max: 500 }).optional() }),
        errors: [409],
        response: {
          202: renderStartedSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.renders.subclip(authOf(request), request.params.id, request.body)),
  );
}
