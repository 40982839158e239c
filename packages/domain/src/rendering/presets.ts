import type { MessageKey } from '../messages.ts';
import { isTimecode } from './timecode.ts';

/** Spec §3 Preset: how a render is made. */
export const PRESET_PROFILE_MODES = ['advanced', 'broadcast', 'generic', 'rewrap'] as const;
export type PresetProfileMode = (typeof PRESET_PROFILE_MODES)[number];

/**
 * What a preset can be used for (spec §5 "rendering requires a preset matching the needed
 * capabilities"): its output has picture and/or sound, and it may make subclips or export sequences.
 */
export const PRESET_CAPABILITIES = ['video', 'audio', 'subclip', 'sequence'] as const;
export type PresetCapability = (typeof PRESET_CAPABILITIES)[number];

/**
 * The ffmpeg recipe a preset runs (the server holds the arguments). A re-wrap copies the streams,
 * so it cannot cut between keyframes: it neither makes subclips nor joins sequences.
 */
export const RENDER_RECIPES = {
  h264Mp4: {
    profileMode: 'generic',
    container: 'mp4',
    capabilities: ['video', 'audio', 'subclip', 'sequence'],
  },
  xdcamHd422Mxf: {
    profileMode: 'broadcast',
    container: 'mxf',
    capabilities: ['video', 'audio', 'subclip', 'sequence'],
  },
  prores422Mov: {
    profileMode: 'advanced',
    container: 'mov',
    capabilities: ['video', 'audio', 'subclip', 'sequence'],
  },
  wav: { profileMode: 'generic', container: 'wav', capabilities: ['audio', 'subclip', 'sequence'] },
  rewrapMxf: { profileMode: 'rewrap', container: 'mxf', capabilities: ['video', 'audio'] },
  rewrapMov: { profileMode: 'rewrap', container: 'mov', capabilities: ['video', 'audio'] },
} as const satisfies Record<
  string,
  { profileMode: PresetProfileMode; container: string; capabilities: readonly PresetCapability[] }
>;
export type RenderRecipe = keyof typeof RENDER_RECIPES;
export const RENDER_RECIPE_NAMES = Object.keys(RENDER_RECIPES) as RenderRecipe[];

export interface Preset {
  id: string;
  /** The tenant's own unique name for it, as integrations refer to it. */
  presetId: string;
  name: string;
  /** Hidden presets are not offered in the cutter, but still render what asks for them. */
  hidden: boolean;
  recipe: RenderRecipe;
  profileMode: PresetProfileMode;
  capabilities: PresetCapability[];
  /** When set, the output's timecode starts here instead of at the source's. */
  overrideStartTimecode: boolean;
  startTimecode: string | null;
  /** The preset used when this one cannot render the source (its id). */
  fallbackPresetId: string | null;
  /** Spec §4: the default for all users (one per tenant). */
  isDefault: boolean;
  builtIn: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PresetDraft = Pick<
  Preset,
  | 'presetId'
  | 'name'
  | 'hidden'
  | 'recipe'
  | 'profileMode'
  | 'capabilities'
  | 'overrideStartTimecode'
  | 'startTimecode'
  | 'fallbackPresetId'
>;

export interface PresetProblem {
  field: keyof PresetDraft;
  message: MessageKey;
}

/** What is wrong with a preset as drafted, field by field (the server answers 400 with them). */
export function presetProblems(draft: PresetDraft, ownId: string | null): PresetProblem[] {
  const problems: PresetProblem[] = [];
  const recipe = RENDER_RECIPES[draft.recipe];
  const possible: readonly PresetCapability[] = recipe.capabilities;
  if (draft.capabilities.some((c) => !possible.includes(c)))
    problems.push({ field: 'capabilities', message: 'presetCapabilityUnsupported' });
  if (draft.capabilities.length === 0)
    problems.push({ field: 'capabilities', message: 'presetNeedsCapability' });
  if (recipe.profileMode === 'rewrap' ? draft.profileMode !== 'rewrap' : draft.profileMode === 'rewrap')
    problems.push({ field: 'profileMode', message: 'presetRewrapMismatch' });
  if (draft.overrideStartTimecode && (draft.startTimecode === null || !isTimecode(draft.startTimecode)))
    problems.push({ field: 'startTimecode', message: 'presetStartTimecodeInvalid' });
  if (ownId !== null && draft.fallbackPresetId === ownId)
    problems.push({ field: 'fallbackPresetId', message: 'presetFallbackToItself' });
  return problems;
}

/** What keeps a preset (spec §5): counted by the server. */
export interface PresetUses {
  /** Presets naming it as their fallback. */
  fallbackOf: number;
  /** Renders (subclips, whole items, exports) made or being made through it: spec §5 "used for subclipping". */
  subclips: number;
  /** Live sources recording through it (none exist yet: live sources are a later issue's). */
  liveSources: number;
}

/** Spec §5: why the preset cannot be deleted, or null when it can. */
export function presetDeletionRefusal(uses: PresetUses): MessageKey | null {
  if (uses.fallbackOf > 0) return 'presetReferencedByPreset';
  if (uses.subclips > 0) return 'presetUsedForSubclipping';
  if (uses.liveSources > 0) return 'presetUsedByLiveSource';
  return null;
}

/**
 * The presets offered for a render needing these capabilities (hidden ones are not offered), or
 * the spec §8 message when there are none: no presets at all, or none that can do it.
 */
export function presetsFor(
  presets: readonly Preset[],
  needed: readonly PresetCapability[],
): { presets: Preset[]; refusal: MessageKey | null } {
  const shown = presets.filter((p) => !p.hidden);
  if (shown.length === 0) return { presets: [], refusal: 'noRenderPresets' };
  const able = shown.filter((p) => presetCan(p, needed));
  return { presets: able, refusal: able.length === 0 ? 'noPresetsWithCapabilities' : null };
}

/** Whether a recipe's output has a picture: such a recipe cannot render a source that has none. */
export const recipeMakesPicture = (recipe: RenderRecipe): boolean =>
  (RENDER_RECIPES[recipe].capabilities as readonly PresetCapability[]).includes('video');

/**
 * The capabilities a subclip of a source needs: sound is rendered only through a preset that makes
 * sound (and no picture, checked with recipeMakesPicture).
 */
export const subclipNeeds = (sourceType: 'video' | 'audio'): PresetCapability[] =>
  sourceType === 'audio' ? ['subclip', 'audio'] : ['subclip'];

/**
 * The capabilities a render of a whole source needs: the source's kind of media (a picture's, or
 * sound alone through a preset that makes no picture, checked with recipeMakesPicture). Nothing is
 * cut, so a re-wrap may render it.
 */
export const wholeRenderNeeds = (sourceType: 'video' | 'audio'): PresetCapability[] => [sourceType];

/** Whether a preset may render a request needing these capabilities. */
export const presetCan = (
  preset: Pick<Preset, 'capabilities'>,
  needed: readonly PresetCapability[],
): boolean => needed.every((c) => preset.capabilities.includes(c));
