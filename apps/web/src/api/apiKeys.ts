import { apiRequest } from './client.ts';
import type { ApiKey, Page } from './types.ts';

export interface ApiKeyInput {
  label: string;
  expiresAt: string | null;
  maxInactiveDays: number | null;
}

export const apiKeysApi = {
  list: (params: { from: number; itemsPerPage: number }, signal?: AbortSignal) =>
    apiRequest<Page<ApiKey>>('/api-keys', { query: { ...params }, signal }),
  create: (input: ApiKeyInput) =>
    apiRequest<{ apiKey: ApiKey; secret: string }>('/api-keys', { method: 'POST', body: input }),
  update: (id: string, input: Partial<ApiKeyInput> & { active?: boolean }) =>
    apiRequest<ApiKey>(`/api-keys/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  remove: (id: string) => apiRequest<undefined>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
