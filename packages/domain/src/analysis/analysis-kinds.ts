import type { MessageKey } from '../messages.ts';
import type { AnalysisStateName, ItemType } from '../items/item-types.ts';
import type { Permission } from '../permissions/catalogue.ts';

/**
 * The analyses a user can start on an item (issue 14), each a job of the processing module with
 * its state on the item. Scene detection has a permission in spec §6 but no state in §3's Item:
 * Skald gives it one beside the others (docs/ANALYSIS.md).
 */
export const ANALYSIS_JOB_KINDS = [
  'sceneDetection',
  'textDetection',
  'transcription',
  'personDetection',
  'celebrityDetection',
  'labelDetection',
  'translation',
] as const;
export type AnalysisJobKind = (typeof ANALYSIS_JOB_KINDS)[number];

/** Spec §6 analytics.*: who may start each kind. */
export const ANALYSIS_PERMISSIONS: Readonly<Record<AnalysisJobKind, Permission>> = {
  sceneDetection: 'analytics.sceneDetection',
  textDetection: 'analytics.textDetection',
  transcription: 'analytics.transcription',
  personDetection: 'analytics.personDetection',
  celebrityDetection: 'analytics.celebrityDetection',
  labelDetection: 'analytics.labelDetection',
  translation: 'analytics.translation',
};

/**
 * The item types each kind reads: shots of a video, text, faces and objects in frames and
 * pictures, speech.
 */
const ANALYSIS_ITEM_TYPES: Readonly<Record<AnalysisJobKind, readonly ItemType[]>> = {
  sceneDetection: ['video'],
  textDetection: ['video', 'image'],
  transcription: ['video', 'audio'],
  personDetection: ['video', 'image'],
  celebrityDetection: ['video', 'image'],
  labelDetection: ['video', 'image'],
  translation: ['video', 'audio'],
};

/** The message an analysis shows when it fails without a more precise one (spec §8). */
export const ANALYSIS_FAILURES: Readonly<Record<AnalysisJobKind, MessageKey>> = {
  sceneDetection: 'sceneDetectionFailed',
  textDetection: 'textDetectionFailed',
  transcription: 'transcriptionFailed',
  personDetection: 'personDetectionFailed',
  celebrityDetection: 'celebrityDetectionFailed',
  labelDetection: 'labelDetectionFailed',
  translation: 'translationFailed',
};

/** Languages a recording can be transcribed in (a provider may know only some). */
export const TRANSCRIPTION_LANGUAGES = ['en', 'nb', 'nn', 'fr'] as const;
export type TranscriptionLanguage = (typeof TRANSCRIPTION_LANGUAGES)[number];

/** Whether an analysis of this kind applies to an item of this type. */
export const analysisApplies = (kind: AnalysisJobKind, itemType: ItemType): boolean =>
  ANALYSIS_ITEM_TYPES[kind].includes(itemType);

/**
 * Why an analysis cannot start now, or null (spec §4: a job's action is disabled while the job is
 * progressing). The permission is the route's; this is what the item itself allows.
 */
export function analysisRefusal(
  kind: AnalysisJobKind,
  item: { itemType: ItemType; hasMedia: boolean; state: AnalysisStateName | null },
): MessageKey | null {
  if (!analysisApplies(kind, item.itemType)) return 'analysisNotForItemType';
  if (!item.hasMedia) return 'analysisNoMedia';
  if (item.state === 'initiated' || item.state === 'progressing') return 'analysisInProgress';
  return null;
}
