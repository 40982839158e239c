import { describe, expect, it } from 'vitest';
import { buildQuery } from './client.ts';

describe('buildQuery', () => {
  it('skips empty values and encodes the rest', () => {
    expect(
      buildQuery({ search: 'Åse & co', from: 0, itemsPerPage: 25, includeHidden: undefined, x: '' }),
    ).toBe('?search=%C3%85se+%26+co&from=0&itemsPerPage=25');
  });

  it('is empty when nothing is set', () => {
    expect(buildQuery({ search: '', from: undefined })).toBe('');
  });
});
