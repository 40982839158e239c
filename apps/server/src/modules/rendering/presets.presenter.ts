import {
  PRESET_CAPABILITIES,
  type Preset,
  type PresetCapability,
  type PresetDraft,
  type PresetProfileMode,
  type RenderRecipe,
} from '@skald/domain';
import { parseStringList } from '../../lib/json-list.ts';
import type { PresetRow } from './presets.repository.ts';

const isCapability = (c: string): c is PresetCapability =>
  (PRESET_CAPABILITIES as readonly string[]).includes(c);

export function presentPreset(row: PresetRow): Preset {
  return {
    id: row.id,
    presetId: row.preset_id,
    name: row.name,
    hidden: row.hidden === 1,
    // Rows are written only after the domain's checks, so their texts are the domain's names.
    recipe: row.recipe as RenderRecipe,
    profileMode: row.profile_mode as PresetProfileMode,
    capabilities: parseStringList(row.capabilities).filter(isCapability),
    overrideStartTimecode: row.override_start_timecode === 1,
    startTimecode: row.start_timecode,
    fallbackPresetId: row.fallback_preset_id,
    isDefault: row.is_default === 1,
    builtIn: row.built_in === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns a draft writes. */
export const presetColumns = (d: PresetDraft) =>
  ({
    preset_id: d.presetId,
    name: d.name,
    hidden: d.hidden ? 1 : 0,
    recipe: d.recipe,
    profile_mode: d.profileMode,
    capabilities: JSON.stringify([...new Set(d.capabilities)]),
    override_start_timecode: d.overrideStartTimecode ? 1 : 0,
    start_timecode: d.overrideStartTimecode ? d.startTimecode : null,
    fallback_preset_id: d.fallbackPresetId,
  }) as const;
