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

/** A render through a preset; `confirmRights` when the caller saw that the source is outside its usage rules. */
const throughPreset = z.object({ presetId: z.uuid(), confirmRights: z.boolean().optional() });

/** A frame range of a source through a preset: a subclip's, or a central render request's. */
export const subclipRange = throughPreset.extend({ inFrame: frameNumber, outFrame: frameNumber });

const newItemTitle = { title: userText({ max: 500 }).optional() };

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
        body: subclipRange.extend(newItemTitle),
        errors: [409],
        response: {
          202: renderStartedSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.renders.subclip(authOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v1/items/:id/renders',
    {
      // A render as a subclip's (spec §6 analytics.subclip) that makes a new item (item.create).
      config: { access: { allOf: [{ permission: 'analytics.subclip' }, { permission: 'item.create' }] } },
      schema: {
        tags,
        summary:
          'Render all of a video or sound item through a preset into a new item beside it, nothing ' +
          'cut: the preset needs only the source’s kind of media, so a re-wrap preset (stream copy ' +
          'to MXF or MOV) may make it. The new item exists at once, its transcoding state carrying ' +
          'the render’s progress, and carries its source’s usage rules; a source outside its usage ' +
          'rights answers 409 on confirmRights until confirmed',
        params: idParams,
        body: throughPreset.extend(newItemTitle),
        // 409: the source not processed yet, or outside its usage rights (unless confirmed).
        errors: [409],
        response: {
          202: renderStartedSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.renders.whole(authOf(request), request.params.id, request.body)),
  );
}
