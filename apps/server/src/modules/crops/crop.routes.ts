import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import { itemSchema } from '../items/items.schemas.ts';
import type { CropService } from './crop.service.ts';

const percent = z.number().min(0).max(100);

export function registerCropRoutes(app: App, s: { crops: CropService }): void {
  app.post(
    '/api/v1/items/:id/crop',
    {
      // Spec §7 cropImage makes an item: item.create.
      config: { access: { permission: 'item.create' } },
      schema: {
        tags: ['items'],
        summary:
          'Crop a picture into a new item beside it (spec §7 cropImage, answering createdItem). The area ' +
          'is in percent of the picture as displayed; not for SVG; the original is cropped; at most 100 MB',
        params: idParams,
        body: z.object({
          crop: z.object({ x: percent, y: percent, width: percent, height: percent }).optional(),
          title: userText({ max: 500 }).optional(),
        }),
        errors: [409],
        response: { 201: z.object({ createdItem: itemSchema }).meta({ id: 'CropCreated' }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.crops.crop(authOf(request), request.params.id, request.body)),
  );
}
