import { describe, expect, it } from 'vitest';
import { parseViewMode } from './viewMode.ts';

describe('parseViewMode', () => {
  it.each([
    ['list', 'list'],
    ['grid', 'grid'],
    [null, 'grid'],
    ['table', 'grid'],
    ['"list"', 'grid'],
  ] as const)('reads %j as %s', (stored, expected) => {
    expect(parseViewMode(stored)).toBe(expected);
  });
});
