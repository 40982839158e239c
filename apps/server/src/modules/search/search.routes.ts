import { ITEM_TYPES, USAGE_FILTERS, USAGE_FILTER_DAYS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import { SEARCH_SORTS } from '../../search/search-request.ts';
import { itemSummarySchema } from '../items/items.schemas.ts';
import type { SearchService } from './search.service.ts';

/** A parameter given repeated (`?a=1&a=2`), comma-separated (`?a=1,2`) or both. */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (value) => [value].flat().flatMap((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : [])),
      z.array(item),
    )
    .default([]);

const day = z.iso.date();
const range = z.tuple([z.number(), z.number()]);

const searchQuery = z.object({
  searchString: z.string().max(1000).default(''),
  itemType: listOf(z.enum(ITEM_TYPES)),
  owner: z.uuid().optional(),
  createdFrom: day.optional(),
  createdTo: day.optional(),
  folderId: z.uuid().optional(),
  includeSubfolders: z.stringbool().default(false),
  itemId: listOf(z.uuid()),
  usage: z.enum(USAGE_FILTERS).optional().meta({
    description: 'Usage-rule state now: valid, expiring (valid, ending within usageWithinDays) or expired',
  }),
  usageWithinDays: z.coerce.number().int().min(1).max(USAGE_FILTER_DAYS.max).optional(),
  deleted: z.stringbool().default(false),
  sort: z.enum(SEARCH_SORTS).optional(),
  sortField: z
    .string()
    .max(64)
    .optional()
    .meta({ description: 'With sort=field: the id of a sortable metadata field to order by' }),
  order: z.enum(['asc', 'desc']).optional(),
  from: z.coerce.number().int().min(0).max(100_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(200).default(50),
});

const searchAnswer = z.object({
  items: z.array(
    itemSummarySchema
      .extend({
        highlights: z.object({ title: z.array(range), description: z.array(range) }),
        moments: z
          .array(
            z
              .object({
                kind: z.string().meta({ description: 'speech, text, label, face, … or log (a log event)' }),
                startMs: z.number(),
                endMs: z.number(),
                snippet: z.string(),
                highlights: z.array(range),
              })
              .meta({ id: 'SearchHitMoment' }),
          )
          .meta({
            description: 'The moments the search matched, at most 3, best first: open the item at startMs',
          }),
      })
      .meta({ id: 'SearchHit' }),
  ),
  total: z.number(),
  totalIsLowerBound: z.boolean(),
  from: z.number(),
  itemsPerPage: z.number(),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});

export function registerSearchRoutes(app: App, s: { search: SearchService }): void {
  app.get(
    '/api/v1/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['search'],
        summary: 'Search the items the caller can see (query language: docs/SEARCH.md)',
        querystring: searchQuery,
        response: { 200: searchAnswer },
        // Beyond capacity a search is shed (search/search-queue.ts).
        errors: [503],
      },
    },
    (request) => {
      const { itemType, itemId, ...q } = request.query;
      return s.search.search(authOf(request), {
        ...q,
        itemTypes: itemType,
        itemIds: itemId.length > 0 ? itemId : undefined,
      });
    },
  );
}
