import type {
  Access,
  AnalysisStateName,
  DownloadKind,
  DownloadRecord,
  HistoryEntry,
  Item,
  ItemSummary,
  UploadRecord,
} from '@skald/domain';
import { apiRequest } from './client.ts';
import type { Page } from './types.ts';

/** The shapes of the items/uploads contract live in @skald/domain, shared with the server. */
export type {
  AnalysisState,
  DownloadKind,
  DownloadRecord,
  HistoryAction,
  HistoryEntry,
  Item,
  ItemSummary,
  ItemType,
  ItemVersion,
  Playback,
  Rational,
  TechnicalMetadata,
  ThumbnailStrip,
  UploadRecord,
  UserRef,
  Waveform,
} from '@skald/domain';

export type JobStateName = AnalysisStateName;

export type ItemSort = 'title' | 'created' | 'duration' | 'type';
export type SortOrder = 'asc' | 'desc';

export interface ItemListParams {
  folderId: string;
  from: number;
  itemsPerPage: number;
  sort?: ItemSort;
  order?: SortOrder;
}

export interface PageParams {
  from: number;
  itemsPerPage: number;
}

export interface ItemUpdateInput {
  title?: string;
  description?: string;
  folderId?: string;
  visibleTo?: Access | null;
  updatableBy?: Access | null;
}

export interface BulkFailure {
  id: string;
  message: string;
}

export interface BulkMoveResult {
  moved: string[];
  failed: BulkFailure[];
}

export interface BulkDeleteResult {
  deleted: string[];
  failed: BulkFailure[];
}

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
    apiRequest<Page<ItemSummary>>('/items', { query: { ...params }, signal }),
  get: (id: string, signal?: AbortSignal) => apiRequest<Item>(itemPath(id), { signal }),
  update: (id: string, input: ItemUpdateInput) =>
    apiRequest<Item>(itemPath(id), { method: 'PATCH', body: input }),
  /** To the recycle bin. */
  remove: (id: string) => apiRequest<undefined>(itemPath(id), { method: 'DELETE' }),
  move: (itemIds: string[], folderId: string) =>
    apiRequest<BulkMoveResult>('/items/move', { method: 'POST', body: { itemIds, folderId } }),
  /** To the recycle bin; items the caller may not delete come back in `failed`. */
  removeMany: (itemIds: string[]) =>
    apiRequest<BulkDeleteResult>('/items/delete', { method: 'POST', body: { itemIds } }),
  restore: (id: string) => apiRequest<Item>(`${itemPath(id)}/restore`, { method: 'POST' }),
  /** Only for items in the recycle bin; removes the blobs, irreversible. */
  removePermanently: (id: string) => apiRequest<undefined>(`${itemPath(id)}/permanent`, { method: 'DELETE' }),
  promoteVersion: (id: string, versionId: string) =>
    apiRequest<Item>(`${itemPath(id)}/versions/${encodeURIComponent(versionId)}/promote`, { method: 'POST' }),
  reprocess: (id: string) => apiRequest<Item>(`${itemPath(id)}/reprocess`, { method: 'POST' }),
  history: (id: string, params: PageParams, signal?: AbortSignal) =>
    apiRequest<Page<HistoryEntry>>(`${itemPath(id)}/history`, { query: { ...params }, signal }),
};

export const uploadsApi = {
  /** The caller's uploads, newest first. */
  list: (params: PageParams, signal?: AbortSignal) =>
    apiRequest<Page<UploadRecord>>('/uploads', { query: { ...params }, signal }),
};

export const downloadsApi = {
  /** The caller's downloads, newest first. */
  list: (params: PageParams, signal?: AbortSignal) =>
    apiRequest<Page<DownloadRecord>>('/downloads', { query: { ...params }, signal }),
};

/** The tus endpoint (POST, HEAD, PATCH, DELETE). */
export const UPLOADS_ENDPOINT = '/api/v1/uploads';
