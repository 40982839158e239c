import { describe, expect, it } from 'vitest';
import { itemIdIn } from './placeholderRules.ts';

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
