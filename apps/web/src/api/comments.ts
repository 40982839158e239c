import type { TaskStatus } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Comment = Schema<'Comment'>;
export type CommentReply = Comment['replies'][number];
export type Task = Schema<'Task'>;
export type RequestTask = Schema<'RequestTask'>;
export type CommentHit = Schema<'CommentHit'>;
export type CommentInput = ApiInput<'/api/v1/items/{id}/comments', 'post'>;
export type CommentPatch = ApiInput<'/api/v1/comments/{id}', 'patch'>;
export type CommentState = 'all' | 'unresolved' | 'resolved';
export type TaskScope = 'mine' | 'all';

const commentPath = (id: string) => `/comments/${encodeURIComponent(id)}`;
const itemComments = (itemId: string) => `/items/${encodeURIComponent(itemId)}/comments`;

export const commentsApi = {
  /** An item's comments in one page (the server's maximum). */
  list: (itemId: string, state: CommentState, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/comments', 'get'>>(itemComments(itemId), {
      query: { from: 0, itemsPerPage: 100, state },
      signal,
    }),
  create: (itemId: string, input: CommentInput) =>
    apiRequest<Comment>(itemComments(itemId), { method: 'POST', body: input }),
  update: (id: string, patch: CommentPatch) =>
    apiRequest<Comment>(commentPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => apiRequest<undefined>(commentPath(id), { method: 'DELETE' }),
  setResolved: (id: string, resolved: boolean) =>
    apiRequest<Comment>(`${commentPath(id)}/${resolved ? 'resolve' : 'reopen'}`, { method: 'POST' }),
  assign: (id: string, userId: string | null) =>
    apiRequest<Comment>(`${commentPath(id)}/assignee`, { method: 'PUT', body: { userId } }),
  search: (params: { q: string; from: number; itemsPerPage: number }, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/comments/search', 'get'>>('/comments/search', { query: params, signal }),
  tasks: (params: TaskParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/tasks', 'get'>>('/tasks', { query: taskQuery(params), signal }),
  /** My tasks' upload requests (the shares module answers them). */
  requestTasks: (params: TaskParams, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/tasks/requests', 'get'>>('/tasks/requests', {
      query: taskQuery(params),
      signal,
    }),
};

interface TaskParams {
  scope: TaskScope;
  status: TaskStatus | null;
  from: number;
  itemsPerPage: number;
}

const taskQuery = (params: TaskParams) => ({
  scope: params.scope,
  from: params.from,
  itemsPerPage: params.itemsPerPage,
  ...(params.status ? { status: params.status } : {}),
});
