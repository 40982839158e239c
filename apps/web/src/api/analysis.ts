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
  updateTranscript: (itemId: string, input: TranscriptEdit) =>
    apiRequest<TranscriptRevisionText>(`${itemPath(itemId)}/transcript`, { method: 'PUT', body: input }),
  revisions: (itemId: string, signal?: AbortSignal) =>
    apiRequest<{ items: TranscriptRevision[] }>(`${itemPath(itemId)}/transcript/revisions`, { signal }),
  revision: (itemId: string, revision: number, signal?: AbortSignal) =>
    apiRequest<TranscriptRevisionText>(`${itemPath(itemId)}/transcript/revisions/${revision}`, { signal }),
  startMany: (kind: AnalysisJobKind, itemIds: readonly string[], language?: TranscriptionLanguage) =>
    apiRequest<AnalysisBulkStart>(`/analysis/${kind}/bulk`, {
      method: 'POST',
      body: { itemIds, ...(language ? { language } : {}) },
    }),
  timeToSearchable: (itemId: string, signal?: AbortSignal) =>
    apiRequest<Schema<'TimeToSearchable'>>(`${itemPath(itemId)}/time-to-searchable`, { signal }),
  translation: (itemId: string, signal?: AbortSignal) =>
    apiRequest<{ items: TranslatedText[] }>(`${itemPath(itemId)}/translation`, { signal }),
};

/** The captions route (WebVTT for the player's track, WebVTT or SubRip to download). */
export function captionsUrl(
  itemId: string,
  format: 'vtt' | 'srt',
  options: { language?: string; download?: boolean } = {},
): string {
  const query = new URLSearchParams();
  if (options.language) query.set('language', options.language);
  if (options.download) query.set('download', 'true');
  const search = query.toString();
  return `/api/v1${itemPath(itemId)}/captions/${format}${search ? `?${search}` : ''}`;
}

export type AnalysisBulkStart = Schema<'AnalysisBulkStart'>;
export type TranscriptEdit = ApiInput<'/api/v1/items/{id}/transcript', 'put'>;
export type TranscriptRevision = Schema<'TranscriptRevision'>;
export type TranscriptRevisionText = Schema<'TranscriptRevisionText'>;
export type TranslatedText = Schema<'TranslatedText'>;
export type TranslationSettings = Schema<'TranslationSettings'>;
export type TranslationSettingsInput = ApiInput<'/api/v1/tenant/translation', 'put'>;

export type AutoAnalysisSetting = Schema<'AutoAnalysis'>;
export type FolderAutoAnalysis = Schema<'FolderAutoAnalysis'>;

const folderAutoAnalysisPath = (folderId: string) => `/folders/${encodeURIComponent(folderId)}/auto-analysis`;

export const autoAnalysisApi = {
  tenant: (signal?: AbortSignal) => apiRequest<AutoAnalysisSetting>('/tenant/auto-analysis', { signal }),
  setTenant: (input: AutoAnalysisSetting) =>
    apiRequest<AutoAnalysisSetting>('/tenant/auto-analysis', { method: 'PUT', body: input }),
  folder: (folderId: string, signal?: AbortSignal) =>
    apiRequest<FolderAutoAnalysis>(folderAutoAnalysisPath(folderId), { signal }),
  /** null: the folder takes the tenant's setting again. */
  setFolder: (folderId: string, setting: AutoAnalysisSetting | null) =>
    apiRequest<FolderAutoAnalysis>(folderAutoAnalysisPath(folderId), { method: 'PUT', body: { setting } }),
};

export const translationSettingsApi = {
  get: (signal?: AbortSignal) => apiRequest<TranslationSettings>('/tenant/translation', { signal }),
  set: (input: TranslationSettingsInput) =>
    apiRequest<TranslationSettings>('/tenant/translation', { method: 'PUT', body: input }),
};

export type SpeechProviderSettings = Schema<'SpeechProviderSettings'>;
export type SpeechProviderInput = ApiInput<'/api/v1/tenant/speech-provider', 'put'>;

export const speechProviderApi = {
  get: (signal?: AbortSignal) => apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { signal }),
  set: (input: SpeechProviderInput) =>
    apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { method: 'PUT', body: input }),
  reset: () => apiRequest<SpeechProviderSettings>('/tenant/speech-provider', { method: 'DELETE' }),
};
