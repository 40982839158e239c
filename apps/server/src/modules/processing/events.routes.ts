import { checkVisibility } from '@skald/domain';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ItemEvents } from './item-events.ts';
import { z } from 'zod';

// Proxies close idle connections; a comment line every 25 s keeps the stream open.
const KEEP_ALIVE_MS = 25_000;

/**
 * Events for one user's open pages (their notifications), declared here so the stream needs nothing
 * of the module that makes them; the composition root passes the notifications' AccountEvents.
 */
export interface AccountEventSource {
  subscribe(
    listener: (event: { tenantId: string; userId: string; event: string; data: unknown }) => void,
  ): () => void;
}

export function registerEventRoutes(app: App, s: { items: ItemEvents; account: AccountEventSource }): void {
  app.get(
    '/api/v1/events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Server-Sent Events: `item` with { itemId, transcoding } for items the caller can see; ' +
          '`notification` with { notification, unreadCount } and `notifications` with { unreadCount } for the caller',
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
      const unsubscribeAccount = s.account.subscribe((event) => {
        if (event.tenantId !== caller.tenant.id || event.userId !== caller.user.id) return;
        res.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const unsubscribe = s.items.subscribe((event) => {
        if (event.tenantId !== caller.tenant.id) return;
        if (checkVisibility(caller.principal, event.access) !== 'allowed') return;
        res.write(
          `event: item\ndata: ${JSON.stringify({ itemId: event.itemId, transcoding: event.transcoding })}\n\n`,
        );
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        unsubscribeAccount();
      });
    },
  );
}
