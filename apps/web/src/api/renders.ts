import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

export type SubclipRequest = ApiInput<'/api/v1/items/{id}/subclips', 'post'>;
export type WholeRenderRequest = ApiInput<'/api/v1/items/{id}/renders', 'post'>;

export const rendersApi = {
  subclip: (itemId: string, body: SubclipRequest) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/subclips', 'post'>>(
      `/items/${encodeURIComponent(itemId)}/subclips`,
      {
        method: 'POST',
        body,
      },
    ),
  /** All of the item through a preset into a new item (a re-wrap preset may make it). */
  whole: (itemId: string, body: WholeRenderRequest) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/renders', 'post'>>(
      `/items/${encodeURIComponent(itemId)}/renders`,
      {
        method: 'POST',
        body,
      },
    ),
};
