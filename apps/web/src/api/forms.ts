import type { FieldValue, MetadataForm, OptionList } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, Schema } from './schema.ts';

export type MetadataFormDto = Schema<'MetadataForm'>;
export type FormFieldDto = Schema<'FormField'>;
export type OptionListDto = Schema<'OptionList'>;
export type ItemMetadataDto = Schema<'ItemMetadata'>;
export type ExifMappingDto = Schema<'ExifMapping'>;
export type ExifReapplyJobDto = Schema<'ExifReapplyJob'>;
// What the editors send, in the domain's (read-only) types; the server checks them with the same rules.
export type FormInput = Omit<MetadataForm, 'builtIn'>;
export type FormPatch = Partial<Omit<FormInput, 'id'>>;
export type OptionListInput = Omit<OptionList, 'id'>;
/** form id → field id → value; null clears a field. */
export type MetadataPatch = Readonly<Record<string, Readonly<Record<string, FieldValue>>>>;

const formPath = (id: string) => `/forms/${encodeURIComponent(id)}`;
const listPath = (id: string) => `/option-lists/${encodeURIComponent(id)}`;
const metadataPath = (id: string) => `/items/${encodeURIComponent(id)}/metadata`;
const defaultsPath = (id: string) => `/folders/${encodeURIComponent(id)}/form-defaults`;

export const formsApi = {
  list: (signal?: AbortSignal) => apiRequest<ApiBody<'/api/v1/forms', 'get'>>('/forms', { signal }),
  create: (input: FormInput) =>
    apiRequest<ApiBody<'/api/v1/forms', 'post'>>('/forms', { method: 'POST', body: input }),
  update: (id: string, patch: FormPatch) =>
    apiRequest<ApiBody<'/api/v1/forms/{id}', 'patch'>>(formPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/forms/{id}', 'delete'>>(formPath(id), { method: 'DELETE' }),
};

export const optionListsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/option-lists', 'get'>>('/option-lists', { signal }),
  create: (input: OptionListInput) =>
    apiRequest<ApiBody<'/api/v1/option-lists', 'post'>>('/option-lists', { method: 'POST', body: input }),
  update: (id: string, patch: Partial<OptionListInput>) =>
    apiRequest<ApiBody<'/api/v1/option-lists/{id}', 'patch'>>(listPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/option-lists/{id}', 'delete'>>(listPath(id), { method: 'DELETE' }),
};

export const itemMetadataApi = {
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/metadata', 'get'>>(metadataPath(id), { signal }),
  update: (id: string, forms: MetadataPatch) =>
    apiRequest<ApiBody<'/api/v1/items/{id}/metadata', 'patch'>>(metadataPath(id), {
      method: 'PATCH',
      body: { forms },
    }),
};

/** The folder view's default form values of a folder, for items uploaded into it. */
export const folderDefaultsApi = {
  get: (folderId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}/form-defaults', 'get'>>(defaultsPath(folderId), { signal }),
  put: (folderId: string, forms: MetadataPatch) =>
    apiRequest<ApiBody<'/api/v1/folders/{id}/form-defaults', 'put'>>(defaultsPath(folderId), {
      method: 'PUT',
      body: { forms },
    }),
};

export const exifMappingsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/exif-mappings', 'get'>>('/exif-mappings', { signal }),
  create: (input: { exifPath: string; formId: string; fieldId: string }) =>
    apiRequest<ApiBody<'/api/v1/exif-mappings', 'post'>>('/exif-mappings', { method: 'POST', body: input }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/exif-mappings/{id}', 'delete'>>(`/exif-mappings/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  reapply: () =>
    apiRequest<ApiBody<'/api/v1/exif-mappings/apply', 'post'>>('/exif-mappings/apply', { method: 'POST' }),
  job: (jobId: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/exif-mappings/jobs/{id}', 'get'>>(
      `/exif-mappings/jobs/${encodeURIComponent(jobId)}`,
      { signal },
    ),
};
