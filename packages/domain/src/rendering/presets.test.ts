import { describe, expect, it } from 'vitest';
import {
  presetDeletionRefusal,
  presetProblems,
  presetsFor,
  recipeMakesPicture,
  subclipNeeds,
  wholeRenderNeeds,
  type Preset,
  type PresetDraft,
} from './presets.ts';

const draft: PresetDraft = {
  presetId: 'web',
  name: 'Web',
  hidden: false,
  recipe: 'h264Mp4',
  profileMode: 'generic',
  capabilities: ['video', 'audio', 'subclip'],
  overrideStartTimecode: false,
  startTimecode: null,
  fallbackPresetId: null,
};
const preset = (over: Partial<Preset>): Preset => ({
  ...draft,
  id: 'p',
  isDefault: false,
  builtIn: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('preset rules', () => {
  it('accepts a preset its recipe can render', () => {
    expect(presetProblems(draft, null)).toEqual([]);
  });

  it('names each field that is wrong', () => {
    expect(
      presetProblems(
        {
          ...draft,
          recipe: 'rewrapMxf',
          capabilities: ['video', 'subclip'],
          overrideStartTimecode: true,
          startTimecode: '10:00',
          fallbackPresetId: 'me',
        },
        'me',
      ).map((p) => [p.field, p.message]),
    ).toEqual([
      ['capabilities', 'presetCapabilityUnsupported'],
      ['profileMode', 'presetRewrapMismatch'],
      ['startTimecode', 'presetStartTimecodeInvalid'],
      ['fallbackPresetId', 'presetFallbackToItself'],
    ]);
    expect(presetProblems({ ...draft, capabilities: [] }, null)[0]?.message).toBe('presetNeedsCapability');
  });

  it('refuses deletion while another preset, a subclip or a live source uses it, in that order', () => {
    expect(presetDeletionRefusal({ fallbackOf: 1, subclips: 1, liveSources: 1 })).toBe(
      'presetReferencedByPreset',
    );
    expect(presetDeletionRefusal({ fallbackOf: 0, subclips: 2, liveSources: 1 })).toBe(
      'presetUsedForSubclipping',
    );
    expect(presetDeletionRefusal({ fallbackOf: 0, subclips: 0, liveSources: 1 })).toBe(
      'presetUsedByLiveSource',
    );
    expect(presetDeletionRefusal({ fallbackOf: 0, subclips: 0, liveSources: 0 })).toBeNull();
  });

  it('offers the visible presets with every needed capability, or says why there are none', () => {
    const audio = preset({ id: 'a', capabilities: ['audio', 'subclip'] });
    const hidden = preset({ id: 'h', hidden: true });
    expect(presetsFor([], ['video'])).toEqual({ presets: [], refusal: 'noRenderPresets' });
    expect(presetsFor([hidden], ['video'])).toEqual({ presets: [], refusal: 'noRenderPresets' });
    expect(presetsFor([audio, hidden], ['video', 'subclip'])).toEqual({
      presets: [],
      refusal: 'noPresetsWithCapabilities',
    });
    expect(presetsFor([audio], ['audio', 'subclip']).presets.map((p) => p.id)).toEqual(['a']);
  });
});

describe('subclips of sound', () => {
  it('need a preset that makes sound, and only the WAV recipe makes no picture', () => {
    expect(subclipNeeds('audio')).toEqual(['subclip', 'audio']);
    expect(subclipNeeds('video')).toEqual(['subclip']);
    expect(recipeMakesPicture('wav')).toBe(false);
    expect(recipeMakesPicture('h264Mp4')).toBe(true);
    expect(recipeMakesPicture('rewrapMov')).toBe(true);
  });
});

describe('renders of a whole item', () => {
  it('need the source’s kind of media, so a re-wrap may render a video but never make a subclip', () => {
    const rewrap = preset({ id: 'r', recipe: 'rewrapMxf', capabilities: ['video', 'audio'] });
    expect(wholeRenderNeeds('video')).toEqual(['video']);
    expect(wholeRenderNeeds('audio')).toEqual(['audio']);
    expect(presetsFor([rewrap], wholeRenderNeeds('video')).presets.map((p) => p.id)).toEqual(['r']);
    expect(presetsFor([rewrap], subclipNeeds('video')).refusal).toBe('noPresetsWithCapabilities');
  });
});
