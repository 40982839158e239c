import { describe, expect, it } from 'vitest';
import { colorSpaceName, technicalFields } from './technicalFields.ts';

describe('technical fields by item type', () => {
  it('shows a picture its format, dimensions and colour space, and no video rows', () => {
    expect(technicalFields('image')).toEqual([
      'format',
      'dimensions',
      'colorSpace',
      'size',
      'mimeType',
      'sha256',
    ]);
  });

  it('shows sound no picture rows, and video every stream row', () => {
    expect(technicalFields('audio')).not.toContain('videoCodec');
    expect(technicalFields('audio')).not.toContain('resolution');
    expect(technicalFields('video')).toEqual(
      expect.arrayContaining(['duration', 'videoCodec', 'audioCodec', 'resolution', 'frameRate']),
    );
  });

  it('shows a document only its file', () => {
    expect(technicalFields('file')).toEqual(['size', 'mimeType', 'sha256']);
  });
});

describe('colour space names', () => {
  it.each([
    ['srgb', 'sRGB'],
    ['cmyk', 'CMYK'],
    ['b-w', 'Gråtoner'],
    ['grey16', 'Gråtoner'],
    ['multiband', 'multiband'],
  ])('%s reads %s', (space, name) => {
    expect(colorSpaceName(space, 'Gråtoner')).toBe(name);
  });
});
