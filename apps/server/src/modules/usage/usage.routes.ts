import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import type { UsageService } from './usage.service.ts';

/** As many as a page of tiles shows. */
export const USAGE_IDS_MAX = 200;

const itemUsageSchema = z
  .object({
    itemId: z.string(),
    state: z.enum(['valid', 'notYetValid', 'expired']),
    warn: z.boolean(),
  })
  .meta({ id: 'ItemUsage' });

export function registerUsageRoutes(app: App, s: { usage: UsageService }): void {
  app.get(
    '/api/v1/items/usage',
    {
      // A warning protects whoever is about to use the material: everyone who sees an item sees it.
      config: { access: 'authenticated' },
      schema: {
        tags: ['items'],
        summary:
          'The usage-rule state of the items named (ids, comma-separated), now, and whether each warns; ' +
          'items the caller cannot see are left out',
        querystring: z.object({
          ids: z
            .string()
            .transform((v) => v.split(',').filter((id) => id !== ''))
            .pipe(z.array(z.uuid()).min(1).max(USAGE_IDS_MAX)),
        }),
        response: { 200: z.object({ items: z.array(itemUsageSchema) }) },
      },
    },
    async (request) => ({ items: await s.usage.ofItems(authOf(request), request.query.ids) }),
  );
}
