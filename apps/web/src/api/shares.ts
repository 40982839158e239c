import type { MissingQualityChoice } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Share = Schema<'Share'>;
export type SharedMetadata = Schema<'SharedMetadata'>;
export type ShareDetail = Schema<'ShareDetail'>;
export type SharePage = Schema<'SharePage'>;
export type SharedItem = SharePage['items'][number];
export type GuestUploadView = Schema<'GuestUploadView'>;
export type ShareCreate = ApiInput<'/api/v1/shares', 'post'>;
export type SharePatch = ApiInput<'/api/v1/shares/{id}', 'patch'>;
export type ShareScope = 'mine' | 'all';

const sharePath = (id: string) => `/shares/${encodeURIComponent(id)}`;
const publicPath = (token: string) => `/public/shares/${encodeURIComponent(token)}`;

/** The tus endpoint of upload requests; the link's token goes in this header. */
export const SHARE_UPLOADS_ENDPOINT = '/api/v1/public/share-uploads';
export const SHARE_TOKEN_HEADER = 'Skald-Share-Token';

export const sharesApi = {
  list: (
    params: { scope: ShareScope; itemId?: string; from: number; itemsPerPage: number },
    signal?: AbortSignal,
  ) => apiRequest<ApiBody<'/api/v1/shares', 'get'>>('/shares', { query: params, signal }),
  limits: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/shares/limits', 'get'>>('/shares/limits', { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/shares/{id}', 'get'>>(sharePath(id), { signal }),
  create: (input: ShareCreate) =>
    apiRequest<ApiBody<'/api/v1/shares', 'post'>>('/shares', { method: 'POST', body: input }),
  update: (id: string, patch: SharePatch) =>
    apiRequest<ApiBody<'/api/v1/shares/{id}', 'patch'>>(sharePath(id), { method: 'PATCH', body: patch }),
  revoke: (id: string) =>
    apiRequest<ApiBody<'/api/v1/shares/{id}', 'delete'>>(sharePath(id), { method: 'DELETE' }),
};

/** The public side: what a link opens in a browser without an account. */
export const publicSharesApi = {
  open: (token: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/public/shares/{token}', 'get'>>(publicPath(token), { signal }),
  unlock: (token: string, password: string) =>
    apiRequest<ApiBody<'/api/v1/public/shares/{token}/unlock', 'post'>>(`${publicPath(token)}/unlock`, {
      method: 'POST',
      body: { password },
    }),
  /** An upload request's upload view: the forms and fields its guest may fill. */
  uploadView: (token: string, signal?: AbortSignal) =>
    apiRequest<GuestUploadView>(`${publicPath(token)}/upload-view`, { signal }),
  downloadUrl: (token: string, itemId: string, quality: 'proxy' | 'original') =>
    `/api/v1${publicPath(token)}/items/${encodeURIComponent(itemId)}/download?quality=${quality}`,
  metadata: (token: string, itemId: string, signal?: AbortSignal) =>
    apiRequest<SharedMetadata>(`${publicPath(token)}/items/${encodeURIComponent(itemId)}/metadata`, {
      signal,
    }),
  editMetadata: (token: string, itemId: string, forms: Record<string, Record<string, unknown>>) =>
    apiRequest<SharedMetadata>(`${publicPath(token)}/items/${encodeURIComponent(itemId)}/metadata`, {
      method: 'PATCH',
      body: { forms },
    }),
  /** Every item as one zip; `missing` is §8's choice for items without the share's quality. */
  downloadAllUrl: (token: string, missing: MissingQualityChoice) =>
    `/api/v1${publicPath(token)}/download-all?missing=${missing}`,
};
