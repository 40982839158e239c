import type { Access as DomainAccess } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { PageParams } from './items.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Folder = Schema<'Folder'>;
export type FolderPathEntry = Folder['path'][number];
export type Access = Schema<'Access'>;

/** Access goes out as the domain's object: the server reads it with the domain's parseAccess ('Bad visibleTo'). */
export interface AccessInput {
  visibleTo?: DomainAccess | null;
  updatableBy?: DomainAccess | null;
}
export type FolderCreateInput = Omit<ApiInput<'/api/v1/folders', 'post'>, keyof AccessInput> & AccessInput;
export type FolderUpdateInput = Omit<ApiInput<'/api/v1/folders/{id}', 'patch'>, keyof AccessInput> &
  AccessInput;

const folderPath = (id: string) => `/folders/${encodeURIComponent(id)}`;

export const foldersApi = {
  root: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/folders/root', 'get'>>('/folders/root', { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}', 'get'>>(folderPath(id), { signal }),
  /** Visible subfolders, by name. */
  children: (id: string, params: PageParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}/children', 'get'>>(`${folderPath(id)}/children`, {
      query: { ...params },
      signal,
    }),
  create: (input: FolderCreateInput) =>
    apiRequest<ApiBody<'/api/v1/folders', 'post'>>('/folders', { method: 'POST', body: input }),
  update: (id: string, input: FolderUpdateInput) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}', 'patch'>>(folderPath(id), { method: 'PATCH', body: input }),
  /** Its items go to the recycle bin; its subfolders are removed. */
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}', 'delete'>>(folderPath(id), { method: 'DELETE' }),
};
