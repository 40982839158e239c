import { describe, expect, it } from 'vitest';
import { catalogueGroups, groupPermissions, impliedPermissions } from './catalogue.ts';

describe('permission editor catalogue', () => {
  it('lists every group with dotted permissions and their defaults', () => {
    const groups = catalogueGroups();
    const general = groups.find((g) => g.group === 'general');
    expect(general?.entries.find((e) => e.name === 'apiKeys')).toEqual({
      permission: 'general.apiKeys',
      group: 'general',
      name: 'apiKeys',
      byDefault: false,
    });
    expect(general?.entries.find((e) => e.name === 'setVisibleToSelf')?.byDefault).toBe(true);
  });

  it('marks what the chosen permissions imply, transitively, but not the chosen ones', () => {
    const implied = impliedPermissions(['item.create']);
    expect(implied.has('item.upload')).toBe(true);
    expect(implied.has('general.mimirCutter')).toBe(true);
    // Through item.upload.
    expect(implied.has('share.requestUpload')).toBe(true);
    expect(implied.has('item.create')).toBe(false);
  });

  it('does not mark a permission as implied when it is chosen explicitly too', () => {
    const implied = impliedPermissions(['item.create', 'item.upload']);
    expect(implied.has('item.upload')).toBe(false);
    expect(implied.has('item.exportSequence')).toBe(true);
  });

  it('implies nothing for permissions without implications', () => {
    expect(impliedPermissions(['general.apiKeys']).size).toBe(0);
  });

  it('groups effective permissions in catalogue order', () => {
    expect(groupPermissions(['ui.map', 'general.apiKeys', 'item.update', 'general.bookmarks'])).toEqual([
      { group: 'general', names: ['apiKeys', 'bookmarks'] },
      { group: 'item', names: ['update'] },
      { group: 'ui', names: ['map'] },
    ]);
  });
});
