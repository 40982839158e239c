import { describe, expect, it } from 'vitest';
import { ANALYSIS_KINDS, ITEM_TYPES, canBeReprocessed, isVirtual, type ItemType } from './item-types.ts';

describe('item types', () => {
  it('are the spec’s eight kinds', () => {
    expect(ITEM_TYPES).toEqual(['video', 'audio', 'image', 'file', 'sequence', 'folder', 'person', 'live']);
  });

  it('carry the seven analysis states of spec §3', () => {
    expect(ANALYSIS_KINDS).toHaveLength(7);
  });

  it.each<[ItemType, boolean, boolean]>([
    ['video', false, true],
    ['audio', false, true],
    ['image', false, true],
    ['file', false, true],
    ['sequence', true, false],
    ['folder', false, false],
    ['person', false, false],
    ['live', false, false],
  ])('%s: virtual %s, reprocessable %s', (type, virtual, reprocessable) => {
    expect(isVirtual(type)).toBe(virtual);
    expect(canBeReprocessed(type)).toBe(reprocessable);
  });
});
