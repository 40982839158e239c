import type { HistoryAction } from '@skald/domain';
import { apiRequest, postTo } from './client.ts';
import type { ApiBody, ApiInput, ApiQuery, Schema } from './schema.ts';
import type { AccessInput } from './folders.ts';

/** The shapes of the items/uploads contract, from the server's OpenAPI document. */
export type Item = Schema<'Item'>;
export type ItemSummary = Schema<'ItemSummary'>;
export type ItemType = Item['itemType'];
export type AnalysisState = Schema<'AnalysisState'>;
export type JobStateName = NonNullable<AnalysisState['state']>;
export type UserRef = Schema<'UserRef'>;
export type ItemVersion = Item['versions'][number];
export type TechnicalMetadata = NonNullable<Item['technicalMetadata']>;
export type Playback = NonNullable<Item['playback']>;
export type ThumbnailStrip = NonNullable<Playback['strip']>;
export type Rational = NonNullable<TechnicalMetadata['frameRate']>;
export type HistoryEntry = Omit<Schema<'HistoryEntry'>, 'action'> & { action: HistoryAction | (string & {}) };
export type UploadRecord = Schema<'Upload'>;
export type DownloadRecord = Schema<'Download'>;
export type DownloadKind = DownloadRecord['kind'];
export type { HistoryAction, Waveform } from '@skald/domain';

type ItemQuery = Required<ApiQuery<'/api/v1/items', 'get'>>;
export type ItemSort = ItemQuery['sort'];
export type SortOrder = ItemQuery['order'];
export type ItemListParams = Omit<ItemQuery, 'sort' | 'order'> & Partial<Pick<ItemQuery, 'sort' | 'order'>>;
export type PageParams = Required<ApiQuery<'/api/v1/recycle-bin', 'get'>>;
export type ItemUpdateInput = Omit<ApiInput<'/api/v1/items/{id}', 'patch'>, keyof AccessInput> & AccessInput;
export type BulkMoveResult = ApiBody<'/api/v1/items/move', 'post'>;
export type BulkDeleteResult = ApiBody<'/api/v1/items/delete', 'post'>;
export type BulkFailure = BulkMoveResult['failed'][number];

export type MediaFile =
  | 'hls/index.m3u8'
  | 'proxy.mp4'
  | 'proxy.m4a'
  | 'poster.jpg'
  | 'strip.jpg'
  | 'preview.webp'
  | 'thumbnail.webp'
  | 'waveform.json'
  | (string & {});

const itemPath = (id: string) => `/items/${encodeURIComponent(id)}`;

/** The URL of a rendition (for <img>, <video> or hls.js): range requests work. */
export function itemMediaUrl(id: string, file: MediaFile): string {
  return `/api/v1${itemPath(id)}/media/${file}`;
}

/** The attachment URL; following it records the download for the activity tab. */
export function itemDownloadUrl(id: string, kind: DownloadKind, versionId?: string): string {
  const query = new URLSearchParams({ kind });
  if (versionId !== undefined) query.set('versionId', versionId);
  return `/api/v1${itemPath(id)}/download?${query.toString()}`;
}

export const itemsApi = {
  list: (params: ItemListParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items', 'get'>>('/items', { query: { ...params }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}', 'get'>>(itemPath(id), { signal }),
  update: (id: string, input: ItemUpdateInput) =>
    apiRequest<ApiBody<'/api/v1/items/{id}', 'patch'>>(itemPath(id), { method: 'PATCH', body: input }),
  /** To the recycle bin. */
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}', 'delete'>>(itemPath(id), { method: 'DELETE' }),
  move: (itemIds: string[], folderId: string) => postTo('/api/v1/items/move', { itemIds, folderId }),
  /** To the recycle bin; items the caller may not delete come back in `failed`. */
  removeMany: (itemIds: string[]) => postTo('/api/v1/items/delete', { itemIds }),
  restore: (id: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/restore', 'post'>>(`${itemPath(id)}/restore`, { method: 'POST' }),
  /** Only for items in the recycle bin; removes the blobs, irreversible. */
  removePermanently: (id: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/permanent', 'delete'>>(`${itemPath(id)}/permanent`, {
      method: 'DELETE',
    }),
  promoteVersion: (id: string, versionId: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/versions/{versionId}/promote', 'post'>>(
      `${itemPath(id)}/versions/${encodeURIComponent(versionId)}/promote`,
      { method: 'POST' },
    ),
  reprocess: (id: string) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/reprocess', 'post'>>(`${itemPath(id)}/reprocess`, {
      method: 'POST',
    }),
  history: (id: string, params: PageParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/history', 'get'>>(`${itemPath(id)}/history`, {
      query: { ...params },
      signal,
    }),
};

export const uploadsApi = {
  /** The caller's uploads, newest first. */
  list: (params: PageParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/uploads', 'get'>>('/uploads', { query: { ...params }, signal }),
};

export const downloadsApi = {
  /** The caller's downloads, newest first. */
  list: (params: PageParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/downloads', 'get'>>('/downloads', { query: { ...params }, signal }),
};

/** The tus endpoint (POST, HEAD, PATCH, DELETE). */
export const UPLOADS_ENDPOINT = '/api/v1/uploads';
