import type { Permission } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { Group, Page, Tenant, User } from './types.ts';

export interface UserListParams {
  search: string;
  from: number;
  itemsPerPage: number;
  includeHidden: boolean;
}

export interface CreateUserInput {
  email: string;
  name: string;
  password?: string;
  groupIds?: string[];
  permissions?: Permission[];
  roles?: string[];
  invite?: boolean;
}

export interface UpdateUserInput {
  name?: string;
  groupIds?: string[];
  permissions?: Permission[];
  roles?: string[];
  active?: boolean;
  hidden?: boolean;
}

export interface GroupListParams {
  search: string;
  from: number;
  itemsPerPage: number;
}

export interface GroupInput {
  name?: string;
  permissions?: Permission[];
}

/** A colleague as anyone signed in sees them (GET /users/directory). */
export interface DirectoryUser {
  id: string;
  name: string;
}

export const usersApi = {
  directory: (signal?: AbortSignal) =>
    apiRequest<Page<DirectoryUser>>('/users/directory', { query: { itemsPerPage: 500 }, signal }),
  list: (params: UserListParams, signal?: AbortSignal) =>
    apiRequest<Page<User>>('/users', {
      query: { ...params, includeHidden: params.includeHidden ? 'true' : undefined },
      signal,
    }),
  create: (input: CreateUserInput) => apiRequest<User>('/users', { method: 'POST', body: input }),
  update: (id: string, input: UpdateUserInput) =>
    apiRequest<User>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  remove: (id: string) => apiRequest<undefined>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  logout: (id: string) =>
    apiRequest<undefined>(`/users/${encodeURIComponent(id)}/logout`, { method: 'POST' }),
  invite: (id: string) =>
    apiRequest<undefined>(`/users/${encodeURIComponent(id)}/invite`, { method: 'POST' }),
};

export const groupsApi = {
  list: (params: GroupListParams, signal?: AbortSignal) =>
    apiRequest<Page<Group>>('/groups', { query: { ...params }, signal }),
  create: (input: GroupInput & { name: string }) =>
    apiRequest<Group>('/groups', { method: 'POST', body: input }),
  update: (id: string, input: GroupInput) =>
    apiRequest<Group>(`/groups/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  remove: (id: string) => apiRequest<undefined>(`/groups/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

export const tenantApi = {
  updateSecurity: (input: { mfaEnforced: boolean }) =>
    apiRequest<Tenant>('/tenant/security', { method: 'PATCH', body: input }),
};
