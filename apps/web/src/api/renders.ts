import { apiRequest } from './client.ts';
import type { ApiBody } from './schema.ts';

export interface SubclipRequest {
  presetId: string;
  inFrame: number;
  outFrame: number;
  title?: string;
}

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
