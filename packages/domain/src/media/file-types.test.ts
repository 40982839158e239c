import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, fileExtension, isAcceptedFile, itemTypeForExtension } from './file-types.ts';

describe('fileExtension', () => {
  it.each([
    ['clip.mp4', 'mp4'],
    ['CLIP.MOV', 'mov'],
    ['archive.tar.gz', 'gz'],
    ['my.holiday.clip.Mxf', 'mxf'],
    ['README', ''],
    ['trailing.', ''],
    ['.env', ''],
    ['folder.d/notes', ''],
    ['C:\\Users\\me\\interview.WAV', 'wav'],
    ['media/edit.v2/cut.prproj', 'prproj'],
    ['', ''],
  ])('of %j is %j', (name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });
});

describe('isAcceptedFile', () => {
  it.each([
    ['interview.mxf', [], true],
    ['Interview.MXF', [], true],
    ['song.flac', [], true],
    ['photo.HEIC', [], true],
    ['report.pdf', [], true],
    ['timeline.fcpxml', [], true],
    ['cut.otio', [], true],
    ['setup.exe', [], false],
    ['script.sh', [], false],
    ['page.html', [], false],
    ['no-extension', [], false],
    ['.mp4', [], false],
    ['clip.mp4', ['mp4'], false],
    ['clip.mp4', ['.mp4'], false],
    ['clip.MP4', ['.Mp4'], false],
    ['clip.mp4', [' .mp4 '], false],
    ['clip.mp4', ['mp3', 'wav'], true],
    ['clip.mp4', ['p4'], true],
    ['clip.mp4.exe', ['exe'], false],
  ] as const)('%j with forbidden %j is %s', (name, forbidden, expected) => {
    expect(isAcceptedFile(name, forbidden)).toBe(expected);
  });
});

describe('itemTypeForExtension', () => {
  it.each([
    ['mp4', 'video'],
    ['MOV', 'video'],
    ['.mxf', 'video'],
    ['ts', 'video'],
    ['wav', 'audio'],
    ['bwf', 'audio'],
    ['opus', 'audio'],
    ['jpg', 'image'],
    ['.PNG', 'image'],
    ['svg', 'image'],
    ['cr2', 'image'],
    ['pdf', 'file'],
    ['docx', 'file'],
    ['prproj', 'file'],
    ['xml', 'file'],
    ['exe', 'file'],
    ['', 'file'],
  ])('%j is %s', (extension, expected) => {
    expect(itemTypeForExtension(extension)).toBe(expected);
  });
});

describe('ACCEPTED_EXTENSIONS', () => {
  it('lists every extension once, lower-case and without a dot', () => {
    expect(new Set(ACCEPTED_EXTENSIONS).size).toBe(ACCEPTED_EXTENSIONS.length);
    for (const extension of ACCEPTED_EXTENSIONS) expect(extension).toMatch(/^[a-z0-9]+$/);
  });

  it('accepts every listed extension when the tenant forbids none', () => {
    for (const extension of ACCEPTED_EXTENSIONS) expect(isAcceptedFile(`name.${extension}`, [])).toBe(true);
  });
});
