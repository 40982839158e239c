import { apiRequest } from './client.ts';
import type { ApiBody, Schema } from './schema.ts';

export type ItemUsage = Schema<'ItemUsage'>;

/** As many ids as one request names (the server's USAGE_IDS_MAX). */
export const USAGE_IDS_PER_REQUEST = 200;

export const usageApi = {
  /** The usage-rule state now of the items named, and whether each warns. */
  ofItems: (ids: readonly string[], signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/usage', 'get'>>('/items/usage', {
      query: { ids: ids.join(',') },
      signal,
    }),
};
