import type { PresetDraft } from '@skald/domain';

/**
 * The presets every tenant has (issue 15 §1): what a newsroom renders to. They are made on first
 * use, cannot be deleted (hide one to stop offering it) and keep their preset ID and format.
 */
type BuiltIn = Pick<PresetDraft, 'presetId' | 'name' | 'recipe' | 'profileMode' | 'capabilities'>;

const builtIn = (p: BuiltIn): PresetDraft => ({
  ...p,
  hidden: false,
  overrideStartTimecode: false,
  startTimecode: null,
  fallbackPresetId: null,
});

export const BUILT_IN_PRESETS: readonly PresetDraft[] = (
  [
    {
      presetId: 'web-h264',
      name: 'Web (H.264/AAC MP4)',
      recipe: 'h264Mp4',
      profileMode: 'generic',
      capabilities: ['video', 'audio', 'subclip', 'sequence'],
    },
    {
      presetId: 'broadcast-xdcam-hd422',
      name: 'Broadcast (XDCAM HD 422 50 Mb/s MXF)',
      recipe: 'xdcamHd422Mxf',
      profileMode: 'broadcast',
      capabilities: ['video', 'audio', 'subclip', 'sequence'],
    },
    {
      presetId: 'edit-prores-422',
      name: 'Editing (ProRes 422 MOV)',
      recipe: 'prores422Mov',
      profileMode: 'advanced',
      capabilities: ['video', 'audio', 'subclip', 'sequence'],
    },
    {
      presetId: 'audio-wav',
      name: 'Audio only (WAV)',
      recipe: 'wav',
      profileMode: 'generic',
      capabilities: ['audio', 'subclip', 'sequence'],
    },
    {
      presetId: 'rewrap-mxf',
      name: 'Re-wrap to MXF',
      recipe: 'rewrapMxf',
      profileMode: 'rewrap',
      capabilities: ['video', 'audio'],
    },
    {
      presetId: 'rewrap-mov',
      name: 'Re-wrap to MOV',
      recipe: 'rewrapMov',
      profileMode: 'rewrap',
      capabilities: ['video', 'audio'],
    },
  ] satisfies BuiltIn[]
).map(builtIn);
