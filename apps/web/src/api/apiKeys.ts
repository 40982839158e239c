import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, ApiQuery } from './schema.ts';

export type ApiKeyInput = ApiInput<'/api/v1/api-keys', 'post'>;

const keyPath = (id: string) => `/api-keys/${encodeURIComponent(id)}`;

export const apiKeysApi = {
  list: (params: Required<ApiQuery<'/api/v1/api-keys', 'get'>>, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/api-keys', 'get'>>('/api-keys', { query: { ...params }, signal }),
  create: (input: ApiKeyInput) =>
    apiRequest<ApiBody<'/api/v1/api-keys', 'post'>>('/api-keys', { method: 'POST', body: input }),
  update: (id: string, input: ApiInput<'/api/v1/api-keys/{id}', 'patch'>) =>
    apiRequest<ApiBody<'/api/v1/api-keys/{id}', 'patch'>>(keyPath(id), { method: 'PATCH', body: input }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/api-keys/{id}', 'delete'>>(keyPath(id), { method: 'DELETE' }),
};
