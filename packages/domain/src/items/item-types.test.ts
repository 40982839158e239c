import { describe, expect, it } from 'vitest';
import { ANALYSIS_KINDS, ITEM_TYPES } from './item-types.ts';

describe('item types', () => {
  it('are the spec’s eight kinds', () => {
    expect(ITEM_TYPES).toEqual(['video', 'audio', 'image', 'file', 'sequence', 'folder', 'person', 'live']);
  });

  it('carry the seven analysis states of spec §3, scene detection and translation', () => {
    expect(ANALYSIS_KINDS).toHaveLength(9);
  });
});
