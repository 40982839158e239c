import { describe, expect, it } from 'vitest';
import { exportFileName } from './file-name.ts';

describe('exportFileName', () => {
  it('keeps the extension whole and the name within the length', () => {
    expect(exportFileName('Cup final 2026', 'mp4', 20)).toBe('Cup final 2026.mp4');
    expect(exportFileName('Cup final highlights, second half', 'mxf', 20)).toBe('Cup final highli.mxf');
    expect(exportFileName('Cup final highlights, second half', 'mxf', 20)).toHaveLength(20);
  });

  it('cuts between characters as a person reads them, never inside one', () => {
    const name = exportFileName('Kåre 👩‍👩‍👧 e\u0301tude', 'wav', 11);
    expect(name).toBe('Kåre 👩‍👩‍👧.wav');
    const accented = 'e\u0301'.repeat(5);
    expect(exportFileName(accented, 'csv', 7)).toBe(`${'e\u0301'.repeat(3)}.csv`);
  });

  it('replaces what file systems refuse and falls back to a name', () => {
    expect(exportFileName('a/b:c', 'edl', 120)).toBe('a-b-c.edl');
    expect(exportFileName('', 'edl', 120)).toBe('render.edl');
  });
});
