import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_JOB_KINDS,
  ANALYSIS_PERMISSIONS,
  analysisApplies,
  analysisRefusal,
} from './analysis-kinds.ts';
import { DEFAULT_PERMISSIONS } from '../permissions/catalogue.ts';

describe('the analyses a user can start', () => {
  it('each need their spec §6 permission, scene detection on by default and the others off', () => {
    expect(ANALYSIS_JOB_KINDS.map((k) => [k, DEFAULT_PERMISSIONS.includes(ANALYSIS_PERMISSIONS[k])])).toEqual(
      [
        ['sceneDetection', true],
        ['textDetection', false],
        ['transcription', false],
        ['personDetection', false],
        ['celebrityDetection', false],
        ['labelDetection', false],
        ['translation', true],
      ],
    );
  });

  it('apply to the item types they read', () => {
    expect(analysisApplies('sceneDetection', 'video')).toBe(true);
    expect(analysisApplies('sceneDetection', 'image')).toBe(false);
    expect(analysisApplies('textDetection', 'image')).toBe(true);
    expect(analysisApplies('transcription', 'audio')).toBe(true);
    expect(analysisApplies('transcription', 'image')).toBe(false);
    expect(analysisApplies('personDetection', 'image')).toBe(true);
    expect(analysisApplies('celebrityDetection', 'video')).toBe(true);
    expect(analysisApplies('labelDetection', 'audio')).toBe(false);
  });

  it('refuse a start while the same analysis is initiated or progressing (spec §4)', () => {
    const video = { itemType: 'video' as const, hasMedia: true };
    expect(analysisRefusal('sceneDetection', { ...video, state: 'progressing' })).toBe('analysisInProgress');
    expect(analysisRefusal('sceneDetection', { ...video, state: 'initiated' })).toBe('analysisInProgress');
    expect(analysisRefusal('sceneDetection', { ...video, state: 'error' })).toBeNull();
    expect(analysisRefusal('sceneDetection', { ...video, state: null, hasMedia: false })).toBe(
      'analysisNoMedia',
    );
    expect(analysisRefusal('transcription', { ...video, itemType: 'image', state: null })).toBe(
      'analysisNotForItemType',
    );
  });
});
