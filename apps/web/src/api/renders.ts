import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

export type SubclipRequest = ApiInput<'/api/v1/items/{id}/subclips', 'post'>;

export const rendersApi = {
  subclip: (itemId: string, body: SubclipRequest) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/subclips', 'post'>>(
      `/items/${encodeURIComponent(itemId)}/subclips`,
      {
        method: 'POST',
        body,
      },
    ),
};
