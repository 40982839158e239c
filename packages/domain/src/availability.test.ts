import { describe, expect, it } from 'vitest';
import { AVAILABLE_ITEM_TYPES, AVAILABLE_PERMISSIONS } from './availability.ts';
import { ITEM_TYPES } from './items/item-types.ts';
import { ALL_PERMISSIONS } from './permissions/catalogue.ts';

describe('what is available', () => {
  it('offers the item types that can be made, not sequence, person and live', () => {
    expect(ITEM_TYPES.filter((type) => !AVAILABLE_ITEM_TYPES.has(type))).toEqual([
      'sequence',
      'person',
      'live',
    ]);
  });

  it('names only permissions of the catalogue, and not all of them', () => {
    for (const permission of AVAILABLE_PERMISSIONS) expect(ALL_PERMISSIONS).toContain(permission);
    expect(AVAILABLE_PERMISSIONS.size).toBeLessThan(ALL_PERMISSIONS.length);
  });
});
