import { PRESET_CAPABILITIES, PRESET_PROFILE_MODES, RENDER_RECIPE_NAMES } from '@skald/domain';
import { z } from 'zod';
import { userText } from '../../lib/user-text.ts';

const capabilities = z.array(z.enum(PRESET_CAPABILITIES)).max(PRESET_CAPABILITIES.length);

export const presetSchema = z
  .object({
    id: z.string(),
    presetId: z.string(),
    name: z.string(),
    hidden: z.boolean(),
    recipe: z.enum(RENDER_RECIPE_NAMES),
    profileMode: z.enum(PRESET_PROFILE_MODES),
    capabilities,
    overrideStartTimecode: z.boolean(),
    startTimecode: z.string().nullable(),
    fallbackPresetId: z.string().nullable(),
    isDefault: z.boolean(),
    builtIn: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Preset' });

export const presetChoiceSchema = z
  .object({
    items: z.array(presetSchema),
    // Spec §8 'No render presets found (…)' or 'No presets available with the required capabilities'.
    message: z.string().nullable(),
  })
  .meta({ id: 'PresetChoice' });

// Timecode and capability rules are the domain's presetProblems, which words the messages.
export const presetInput = z.object({
  presetId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1–64 letters, digits, dots, dashes or underscores'),
  name: userText({ max: 200 }),
  hidden: z.boolean().default(false),
  recipe: z.enum(RENDER_RECIPE_NAMES),
  profileMode: z.enum(PRESET_PROFILE_MODES),
  capabilities,
  overrideStartTimecode: z.boolean().default(false),
  startTimecode: z.string().max(11).nullable().default(null),
  fallbackPresetId: z.uuid().nullable().default(null),
  isDefault: z.boolean().default(false),
});

export const presetPatch = z
  .object({
    presetId: presetInput.shape.presetId,
    name: presetInput.shape.name,
    hidden: z.boolean(),
    recipe: presetInput.shape.recipe,
    profileMode: presetInput.shape.profileMode,
    capabilities,
    overrideStartTimecode: z.boolean(),
    startTimecode: z.string().max(11).nullable(),
    fallbackPresetId: z.uuid().nullable(),
    isDefault: z.boolean(),
  })
  .partial();

export const presetNeeds = z.object({
  need: z
    .union([
      z.enum(PRESET_CAPABILITIES),
      z.array(z.enum(PRESET_CAPABILITIES)).max(PRESET_CAPABILITIES.length),
    ])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
