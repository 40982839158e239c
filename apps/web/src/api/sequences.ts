import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

export type SequenceCreate = ApiInput<'/api/v1/sequences', 'post'>;
export type SequenceEdit = ApiInput<'/api/v1/items/{id}/sequence', 'put'>;
export type SequenceExport = ApiInput<'/api/v1/items/{id}/sequence/export', 'post'>;
export type VirtualClipCreate = ApiInput<'/api/v1/items/{id}/virtual-clips', 'post'>;

/** Sequences (clip lists) and their exports, and virtual clips (issue 15). */
export const sequencesApi = {
  create: (body: SequenceCreate) =>
    apiRequest<ApiBody<'/api/v1/sequences', 'post'>>('/sequences', { method: 'POST', body }),
  clips: (sequenceId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/sequence', 'get'>>(
      `/items/${encodeURIComponent(sequenceId)}/sequence`,
      { signal },
    ),
  /** Replaces a saved sequence's clip list. */
  edit: (sequenceId: string, body: SequenceEdit) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/sequence', 'put'>>(
      `/items/${encodeURIComponent(sequenceId)}/sequence`,
      { method: 'PUT', body },
    ),
  /** What an export of the sequence depends on: its sources and the parts of them used. */
  dependencies: (sequenceId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/sequence/dependencies', 'get'>>(
      `/items/${encodeURIComponent(sequenceId)}/sequence/dependencies`,
      { signal },
    ),
  export: (sequenceId: string, body: SequenceExport) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/sequence/export', 'post'>>(
      `/items/${encodeURIComponent(sequenceId)}/sequence/export`,
      { method: 'POST', body },
    ),
  virtualClip: (sourceId: string, body: VirtualClipCreate) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/virtual-clips', 'post'>>(
      `/items/${encodeURIComponent(sourceId)}/virtual-clips`,
      { method: 'POST', body },
    ),
};
