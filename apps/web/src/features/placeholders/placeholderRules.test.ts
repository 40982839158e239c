import { describe, expect, it } from 'vitest';
import type { AnalysisState } from '../../api/items.ts';
import { canFill, itemIdIn, mayBeFillable } from './placeholderRules.ts';

describe('itemIdIn', () => {
  it.each([
    [
      'https://skald.example/item-details/0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B?tab=metadata',
      '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    ],
    ['  0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b ', '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'],
    ['not an item', null],
    ['', null],
  ])('finds the item in %j', (text, id) => {
    expect(itemIdIn(text)).toBe(id);
  });
});

const transcoding = (state: AnalysisState['state']): AnalysisState => ({
  state,
  enabled: true,
  errorMessage: state === 'error' ? 'The source has no sound to render' : null,
  progress: 0,
});

const placeholder: Parameters<typeof canFill>[0] = {
  isDeleted: false,
  leadingVersionId: null,
  itemType: 'video',
  virtualClip: null,
  canUpdate: true,
  transcoding: transcoding(null),
};

describe('which placeholders a render can fill', () => {
  it.each([
    ['an empty placeholder', {}],
    ['one whose render failed', { transcoding: transcoding('error') }],
  ])('fills %s', (_, change) => {
    expect(canFill({ ...placeholder, ...change })).toBe(true);
  });

  it.each([
    ['one the caller may not update', { canUpdate: false }],
    ['one whose media is on its way', { transcoding: transcoding('progressing') }],
    ['one waiting for its render', { transcoding: transcoding('initiated') }],
    ['an item with media', { leadingVersionId: 'v1', transcoding: transcoding('complete') }],
    ['a sequence', { itemType: 'sequence' as const }],
    ['a virtual clip', { virtualClip: { sourceItemId: 's1', startSeconds: 1, endSeconds: 2 } }],
    ['one in the recycle bin', { isDeleted: true }],
  ])('does not fill %s', (_, change) => {
    expect(canFill({ ...placeholder, ...change })).toBe(false);
  });

  it.each([
    [null, true],
    ['error', true],
    ['initiated', false],
    ['progressing', false],
    ['complete', false],
  ] as const)('looks into a search hit whose transcoding is %j: %j', (state, looked) => {
    expect(mayBeFillable({ isDeleted: false, transcoding: transcoding(state) })).toBe(looked);
  });

  it('does not look into a hit in the recycle bin', () => {
    expect(mayBeFillable({ isDeleted: true, transcoding: transcoding(null) })).toBe(false);
  });
});
