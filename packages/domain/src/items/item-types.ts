/** Spec §1: the kinds of item a library holds. */
export const ITEM_TYPES = [
  'video',
  'audio',
  'image',
  'file',
  'sequence',
  'folder',
  'person',
  'live',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * Spec §3 Item: the processing and analysis jobs whose state every item carries, and scene
 * detection (spec §6 analytics.sceneDetection), whose shots Skald keeps like the others' results,
 * and translation (spec §6 analytics.translation: translating the transcript is a job too).
 */
export const ANALYSIS_KINDS = [
  'transcoding',
  'sceneDetection',
  'transcription',
  'translation',
  'personDetection',
  'celebrityDetection',
  'labelDetection',
  'textDetection',
  'archiveFileTransfer',
] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/** Spec §4 analysis states. */
export const ANALYSIS_STATES = ['initiated', 'progressing', 'complete', 'error'] as const;
export type AnalysisStateName = (typeof ANALYSIS_STATES)[number];

/** Item types whose media the pipeline transcodes or renders; the others have nothing to play. */
export const MEDIA_ITEM_TYPES: readonly ItemType[] = ['video', 'audio', 'image', 'file'];
