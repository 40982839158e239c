import type { PresetCapability } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ApiBody, Schema } from './schema.ts';

export type PresetDto = Schema<'Preset'>;
export type PresetInput = Omit<PresetDto, 'id' | 'builtIn' | 'createdAt' | 'updatedAt'>;

const presetPath = (id: string) => `/presets/${encodeURIComponent(id)}`;

export const presetsApi = {
  /** Every preset (administrators), or with `needs` those able to render it and the spec's message when none are. */
  list: (needs: readonly PresetCapability[] = [], signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/presets', 'get'>>(
      `/presets${needs.length ? `?${needs.map((n) => `need=${n}`).join('&')}` : ''}`,
      { signal },
    ),
  create: (input: PresetInput) =>
    apiRequest<ApiBody<'/api/v1/presets', 'post'>>('/presets', { method: 'POST', body: input }),
  update: (id: string, patch: Partial<PresetInput>) =>
    apiRequest<ApiBody<'/api/v1/presets/{id}', 'patch'>>(presetPath(id), { method: 'PATCH', body: patch }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/presets/{id}', 'delete'>>(presetPath(id), { method: 'DELETE' }),
};
