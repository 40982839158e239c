import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, ApiQuery } from './schema.ts';

/** The users screen's query; `includeHidden` goes out as the API's `'true'`. */
export type UserListParams = Omit<Required<ApiQuery<'/api/v1/users', 'get'>>, 'includeHidden'> & {
  includeHidden: boolean;
};
export type CreateUserInput = ApiInput<'/api/v1/users', 'post'>;
export type UpdateUserInput = ApiInput<'/api/v1/users/{id}', 'patch'>;
export type GroupListParams = Required<ApiQuery<'/api/v1/groups', 'get'>>;
export type GroupInput = ApiInput<'/api/v1/groups/{id}', 'patch'>;

/** A colleague as anyone signed in sees them (GET /users/directory). */
export type DirectoryUser = ApiBody<'/api/v1/users/directory', 'get'>['items'][number];

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;
const groupPath = (id: string) => `/groups/${encodeURIComponent(id)}`;

export const usersApi = {
  /** Everyone (up to 500), or those whose name matches `search`. */
  directory: (signal?: AbortSignal, q: { search?: string; itemsPerPage?: number } = {}) =>
    apiRequest<ApiBody<'/api/v1/users/directory', 'get'>>('/users/directory', {
      query: { itemsPerPage: q.itemsPerPage ?? 500, ...(q.search ? { search: q.search } : {}) },
      signal,
    }),
  list: (params: UserListParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/users', 'get'>>('/users', {
      query: { ...params, includeHidden: params.includeHidden ? 'true' : undefined },
      signal,
    }),
  create: (input: CreateUserInput) =>
    apiRequest<ApiBody<'/api/v1/users', 'post'>>('/users', { method: 'POST', body: input }),
  update: (id: string, input: UpdateUserInput) =>
    apiRequest<ApiBody<'/api/v1/users/{id}', 'patch'>>(userPath(id), { method: 'PATCH', body: input }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/users/{id}', 'delete'>>(userPath(id), { method: 'DELETE' }),
  logout: (id: string) =>
    apiRequest<ApiBody<'/api/v1/users/{id}/logout', 'post'>>(`${userPath(id)}/logout`, { method: 'POST' }),
  invite: (id: string) =>
    apiRequest<ApiBody<'/api/v1/users/{id}/invite', 'post'>>(`${userPath(id)}/invite`, { method: 'POST' }),
};

export const groupsApi = {
  list: (params: GroupListParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/groups', 'get'>>('/groups', { query: { ...params }, signal }),
  create: (input: ApiInput<'/api/v1/groups', 'post'>) =>
    apiRequest<ApiBody<'/api/v1/groups', 'post'>>('/groups', { method: 'POST', body: input }),
  update: (id: string, input: GroupInput) =>
    apiRequest<ApiBody<'/api/v1/groups/{id}', 'patch'>>(groupPath(id), { method: 'PATCH', body: input }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/groups/{id}', 'delete'>>(groupPath(id), { method: 'DELETE' }),
};

/** Where uploads without a chosen folder go (spec §6 default upload location). */
export type UploadLocation = ApiBody<'/api/v1/tenant/upload-location', 'get'>;
/** Spec §3 tenant config: the max file name length for exports. */
export type ExportSettings = ApiBody<'/api/v1/tenant/export-settings', 'get'>;

export const tenantApi = {
  uploadLocation: (signal?: AbortSignal) => apiRequest<UploadLocation>('/tenant/upload-location', { signal }),
  setUploadLocation: (input: ApiInput<'/api/v1/tenant/upload-location', 'put'>) =>
    apiRequest<ApiBody<'/api/v1/tenant/upload-location', 'put'>>('/tenant/upload-location', {
      method: 'PUT',
      body: input,
    }),
  exportSettings: (signal?: AbortSignal) => apiRequest<ExportSettings>('/tenant/export-settings', { signal }),
  setExportSettings: (input: ApiInput<'/api/v1/tenant/export-settings', 'put'>) =>
    apiRequest<ExportSettings>('/tenant/export-settings', { method: 'PUT', body: input }),
  updateSecurity: (input: ApiInput<'/api/v1/tenant/security', 'patch'>) =>
    apiRequest<ApiBody<'/api/v1/tenant/security', 'patch'>>('/tenant/security', {
      method: 'PATCH',
      body: input,
    }),
};
