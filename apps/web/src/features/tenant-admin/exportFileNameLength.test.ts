import { describe, expect, it } from 'vitest';
import { isExportFileNameLength } from './exportFileNameLength.ts';

describe('the max file name length for exports', () => {
  it.each([16, 120, 255])('takes %j', (value) => {
    expect(isExportFileNameLength(value)).toBe(true);
  });

  it.each([15, 256, 0, -20, 64.5, '', '120'])('refuses %j', (value) => {
    expect(isExportFileNameLength(value)).toBe(false);
  });
});
