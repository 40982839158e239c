import { API_BASE, apiRequest, postTo } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

const itemPath = (id: string, rest: string) => `/items/${encodeURIComponent(id)}/${rest}`;

export type CentralRenderRequest = ApiBody<'/api/v1/items/{id}/render-request', 'get'>;
export type CentralRenderInput = ApiInput<'/api/v1/items/{id}/render-request', 'post'>;
export type CropArea = NonNullable<ApiInput<'/api/v1/items/{id}/crop', 'post'>['crop']>;
export type MarkerFormat = 'edl' | 'csv';

/** Placeholders and what fills them (spec §4, §6), picture crops (§7) and marker downloads (§6). */
export const placeholdersApi = {
  create: (body: ApiInput<'/api/v1/placeholders', 'post'>) => postTo('/api/v1/placeholders', body),
  renderRequest: (itemId: string, signal?: AbortSignal) =>
    apiRequest<CentralRenderRequest>(itemPath(itemId, 'render-request'), { signal }),
  requestRender: (itemId: string, body: CentralRenderInput) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/render-request', 'post'>>(itemPath(itemId, 'render-request'), {
      method: 'POST',
      body,
    }),
  cancelRenderRequest: (itemId: string) =>
    apiRequest<undefined>(itemPath(itemId, 'render-request'), { method: 'DELETE' }),
  copyMedia: (itemId: string, sourceItemId: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/copy-media', 'post'>>(itemPath(itemId, 'copy-media'), {
      method: 'POST',
      body: { sourceItemId },
    }),
  crop: (itemId: string, crop: CropArea) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/crop', 'post'>>(itemPath(itemId, 'crop'), {
      method: 'POST',
      body: { crop },
    }),
  /** Where the browser downloads the markers file (an attachment). */
  markersUrl: (itemId: string, format: MarkerFormat) =>
    `${API_BASE}${itemPath(itemId, 'markers')}?format=${format}`,
};
