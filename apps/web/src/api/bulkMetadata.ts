import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type BulkMetadataRun = Schema<'BulkMetadataRun'>;
export type BulkMetadataInput = ApiInput<'/api/v1/items/bulk-metadata', 'post'>;
export type BulkOperationInput = BulkMetadataInput['operations'][number];

export const bulkMetadataApi = {
  start: (input: BulkMetadataInput) =>
    apiRequest<ApiBody<'/api/v1/items/bulk-metadata', 'post'>>('/items/bulk-metadata', {
      method: 'POST',
      body: input,
    }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/bulk-metadata/{id}', 'get'>>(
      `/items/bulk-metadata/${encodeURIComponent(id)}`,
      { signal },
    ),
};
