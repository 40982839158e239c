import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Person = Schema<'Person'>;
export type PersonDetails = Schema<'PersonDetails'>;
export type PersonAppearance = Schema<'PersonAppearance'>;
export type PersonPatch = ApiInput<'/api/v1/persons/{id}', 'patch'>;
export type FaceSettings = Schema<'FaceSettings'>;
export type PersonImage = Schema<'PersonImage'>;

const personPath = (id: string) => `/persons/${encodeURIComponent(id)}`;

export const personsApi = {
  list: (query: { q: string; from: number; itemsPerPage: number }, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/persons', 'get'>>('/persons', {
      query: query.q ? query : { from: query.from, itemsPerPage: query.itemsPerPage },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) => apiRequest<PersonDetails>(personPath(id), { signal }),
  /** Spec §6 person.create. */
  create: (name: string) => apiRequest<PersonDetails>('/persons', { method: 'POST', body: { name } }),
  /** A picture of the person: its face becomes a person image. */
  addImage: (id: string, picture: File) =>
    apiRequest<PersonImage>(`${personPath(id)}/images`, { method: 'POST', file: picture }),
  removeImage: (id: string, imageId: string) =>
    apiRequest<undefined>(`${personPath(id)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' }),
  update: (id: string, patch: PersonPatch) =>
    apiRequest<Person>(personPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => apiRequest<undefined>(personPath(id), { method: 'DELETE' }),
  merge: (id: string, personId: string) =>
    apiRequest<Person>(`${personPath(id)}/merge`, { method: 'POST', body: { personId } }),
  appearances: (id: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/persons/{id}/appearances', 'get'>>(`${personPath(id)}/appearances`, {
      signal,
    }),
};

export const faceSettingsApi = {
  get: (signal?: AbortSignal) => apiRequest<FaceSettings>('/tenant/face-settings', { signal }),
  set: (input: FaceSettings) =>
    apiRequest<FaceSettings>('/tenant/face-settings', { method: 'PUT', body: input }),
};
