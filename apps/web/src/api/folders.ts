import type { Access, Folder } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { PageParams } from './items.ts';
import type { Page } from './types.ts';

export type { Folder, FolderPathEntry } from '@skald/domain';

export interface FolderCreateInput {
  name: string;
  parentId: string;
  visibleTo?: Access | null;
  updatableBy?: Access | null;
}

export interface FolderUpdateInput {
  name?: string;
  /** Moves the folder. */
  parentId?: string;
  visibleTo?: Access | null;
  updatableBy?: Access | null;
}

const folderPath = (id: string) => `/folders/${encodeURIComponent(id)}`;

export const foldersApi = {
  root: (signal?: AbortSignal) => apiRequest<Folder>('/folders/root', { signal }),
  get: (id: string, signal?: AbortSignal) => apiRequest<Folder>(folderPath(id), { signal }),
  /** Visible subfolders, by name. */
  children: (id: string, params: PageParams, signal?: AbortSignal) =>
    apiRequest<Page<Folder>>(`${folderPath(id)}/children`, { query: { ...params }, signal }),
  create: (input: FolderCreateInput) => apiRequest<Folder>('/folders', { method: 'POST', body: input }),
  update: (id: string, input: FolderUpdateInput) =>
    apiRequest<Folder>(folderPath(id), { method: 'PATCH', body: input }),
  /** Its items go to the recycle bin; its subfolders are removed. */
  remove: (id: string) => apiRequest<undefined>(folderPath(id), { method: 'DELETE' }),
};
