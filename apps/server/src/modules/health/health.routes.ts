import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { Db } from '../../db/database.ts';

const tags = ['health'];

export function registerHealthRoutes(app: App, s: { db: Db }): void {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The database answers',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(s.db);
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
