import type { FieldValue } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type LogEvent = Schema<'LogEvent'>;
export type LogEventHit = Schema<'LogEventHit'>;
// Values in the domain's (read-only) types; the server checks them with the same rules.
type WithValues<T> = Omit<T, 'values'> & { values?: Readonly<Record<string, FieldValue>> };
export type LogEventInput = WithValues<ApiInput<'/api/v1/items/{id}/log-events', 'post'>>;
export type LogEventPatch = WithValues<ApiInput<'/api/v1/log-events/{id}', 'patch'>>;

const eventPath = (id: string) => `/log-events/${encodeURIComponent(id)}`;
const itemEvents = (itemId: string) => `/items/${encodeURIComponent(itemId)}/log-events`;

export const logEventsApi = {
  list: (itemId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/log-events', 'get'>>(itemEvents(itemId), { signal }),
  create: (itemId: string, input: LogEventInput) =>
    apiRequest<LogEvent>(itemEvents(itemId), { method: 'POST', body: input }),
  update: (id: string, patch: LogEventPatch) =>
    apiRequest<LogEvent>(eventPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => apiRequest<undefined>(eventPath(id), { method: 'DELETE' }),
  search: (params: { q: string; from: number; itemsPerPage: number }, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/log-events/search', 'get'>>('/log-events/search', { query: params, signal }),
};
