import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, progressPercent } from './progress.ts';

describe('transfer progress', () => {
  it.each([
    [0, 1000, 0],
    [1, 1000, 0],
    [500, 1000, 50],
    [999, 1000, 99],
    [1000, 1000, 100],
    [1200, 1000, 100],
    [-5, 1000, 0],
    [0, 0, 100],
  ])('%d of %d bytes is %d %%', (done, total, percent) => {
    expect(progressPercent(done, total)).toBe(percent);
  });

  it.each([null, Number.NaN, -1])('is indeterminate when the total is %s', (total) => {
    expect(progressPercent(10, total)).toBeNull();
  });
});

describe('file name of a download', () => {
  it.each([
    ['attachment; filename="clip.mp4"', 'clip.mp4'],
    ['attachment; filename=clip.mp4', 'clip.mp4'],
    ['attachment; filename="say \\"hi\\".mov"', 'say "hi".mov'],
    [`attachment; filename="fallback.mp4"; filename*=UTF-8''%C3%A6%C3%B8%C3%A5%20clip.mp4`, 'æøå clip.mp4'],
    [`attachment; filename*=utf-8''r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"`, 'résumé.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.mp4"`, 'plain.mp4'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\clip.mp4"', 'clip.mp4'],
  ])('%s gives %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'inline; filename=""'])('has none in %j', (header) => {
    expect(filenameFromDisposition(header)).toBeNull();
  });
});
