import { checkVisibility } from '@skald/domain';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { guardedOf } from '../access/guarded.ts';
import { z } from 'zod';

// Proxies close idle connections; a comment line every 25 s keeps the stream open.
const KEEP_ALIVE_MS = 25_000;

export function registerEventRoutes(app: App, s: Services): void {
  app.get(
    '/api/v1/events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events: `item` with { itemId, transcoding } for items the caller can see',
        response: {
          200: {
            description: 'An endless event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    (request, reply) => {
      const caller = authOf(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const unsubscribe = s.itemEvents.subscribe((event) => {
        if (event.tenantId !== caller.tenant.id) return;
        void s.itemRows
          .byId(caller.tenant.id, event.itemId)
          .then(async (item) => {
            if (!item) return;
            const groups = await s.access.groupsOf(caller.tenant.id, [item.id]);
            if (checkVisibility(caller.principal, guardedOf(item, groups.get(item.id))) !== 'allowed') return;
            res.write(
              `event: item\ndata: ${JSON.stringify({ itemId: event.itemId, transcoding: event.transcoding })}\n\n`,
            );
          })
          .catch((err: unknown) => {
            request.log.warn({ err }, 'item event not delivered');
          });
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
    },
  );
}
