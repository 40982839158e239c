import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { subfolderNames } from './relative-path.ts';

describe('subfolderNames', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['clip.mov', []],
    ['Rushes/clip.mov', ['Rushes']],
    ['/Rushes/Day 1/clip.mov', ['Rushes', 'Day 1']],
    ['Rushes//./Day 1/ clip.mov', ['Rushes', 'Day 1']],
    ['Rushes\\Day 1\\clip.mov', ['Rushes', 'Day 1']],
    [' Påske 2026 /intervju.wav', ['Påske 2026']],
  ])('reads %j as %j', (relativePath, names) => {
    expect(subfolderNames(relativePath)).toEqual(names);
  });

  it.each([
    ['../etc/clip.mov', 'must not contain ..'],
    ['Rushes/../../clip.mov', 'must not contain ..'],
    [`${'a/'.repeat(33)}clip.mov`, 'at most 32 folders deep'],
    [`${'x'.repeat(201)}/clip.mov`, 'folder names of at most 200 characters'],
  ])('refuses %j naming relativePath', (relativePath, message) => {
    expect(() => subfolderNames(relativePath)).toThrow(AppError);
    try {
      subfolderNames(relativePath);
    } catch (error) {
      expect((error as AppError).details).toEqual([{ field: 'relativePath', message }]);
    }
  });
});
