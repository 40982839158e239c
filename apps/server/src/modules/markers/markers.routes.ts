import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { fileAnswer } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { withoutControls } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import type { MarkersService } from './markers.service.ts';

export function registerMarkerRoutes(app: App, s: { markers: MarkersService }): void {
  app.get(
    '/api/v1/items/:id/markers',
    {
      // Spec §6 item.downloadMarkers.
      config: { access: { permission: 'item.downloadMarkers' } },
      schema: {
        tags: ['items'],
        summary:
          'Download the item’s log events and timed comments as markers: a CMX3600 EDL (format=edl, ' +
          'each marker an event with a LOC line) or a CSV with Premiere’s marker columns (format=csv), ' +
          'timecode at the item’s frame rate',
        params: idParams,
        querystring: z.object({ format: z.enum(['edl', 'csv']).default('edl') }),
        response: { 200: fileAnswer('The markers file, as an attachment') },
      },
    },
    async (request, reply) => {
      const file = await s.markers.download(authOf(request), request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(withoutControls(file.filename)))
        .send(file.body);
    },
  );
}
