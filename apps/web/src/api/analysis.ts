import type { AnalysisJobKind, TranscriptionLanguage } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Shot = Schema<'Shot'>;
export type TextLine = Schema<'TextLine'>;
export type TimelineFace = Schema<'TimelineFace'>;
export type TimelineLabel = Schema<'TimelineLabel'>;
export type Transcript = Schema<'Transcript'>;
export type TranscriptSegment = Schema<'TranscriptSegment'>;

const itemPath = (itemId: string) => `/items/${encodeURIComponent(itemId)}`;

export const analysisApi = {
  start: (itemId: string, kind: AnalysisJobKind, language?: TranscriptionLanguage) =>
    apiRequest<undefined>(`${itemPath(itemId)}/analysis/${kind}`, {
      method: 'POST',
      body: language ? { language } : {},
    }),
  timeline: (itemId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/analysis', 'get'>>(`${itemPath(itemId)}/analysis`, { signal }),
  transcript: (itemId: string, signal?: AbortSignal) =>
    apiRequest<Transcript>(`${itemPath(itemId)}/transcript`, { signal }),
};

export type SpeechProviderSettings = Schema<'SpeechProviderSettings'>;
export type SpeechProviderInput = ApiInput<'/api/v1/tenant/speech-provider', 'put'>;

export const speechProviderApi = {
  get: (signal?: AbortSignal) => apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { signal }),
  set: (input: SpeechProviderInput) =>
    apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { method: 'PUT', body: input }),
  reset: () => apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { method: 'DELETE' }),
};
