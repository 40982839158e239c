import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import { itemSchema } from '../items/items.schemas.ts';
import { frameNumber } from './renders.routes.ts';
import type { VirtualClipsService } from './virtual-clips.service.ts';

export function registerVirtualClipRoutes(app: App, s: { virtualClips: VirtualClipsService }): void {
  app.post(
    '/api/v1/items/:id/virtual-clips',
    {
      // Spec §6 item.createVirtualClip.
      config: { access: { permission: 'item.createVirtualClip' } },
      schema: {
        tags: ['rendering'],
        summary:
          'Make a virtual clip of a frame range of a video item: a new item beside it that plays the ' +
          'range through the source’s streams, renders nothing, and cannot be versioned or downloaded ' +
          'directly; it carries the source’s usage rules',
        params: idParams,
        body: z.object({
          inFrame: frameNumber,
          outFrame: frameNumber,
          title: userText({ max: 500 }).optional(),
        }),
        errors: [409],
        response: { 201: itemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.virtualClips.create(authOf(request), request.params.id, request.body)),
  );
}
