import type { ItemType } from '../../api/items.ts';

/** A row of the technical metadata card. */
export type TechnicalField =
  | 'duration'
  | 'container'
  | 'format'
  | 'videoCodec'
  | 'audioCodec'
  | 'resolution'
  | 'dimensions'
  | 'frameRate'
  | 'bitrate'
  | 'colorSpace'
  | 'size'
  | 'mimeType'
  | 'sha256';

const FILE: readonly TechnicalField[] = ['size', 'mimeType', 'sha256'];

/**
 * What each kind of item has (issue 11: a picture shows no empty video rows): a picture its format,
 * dimensions and colour space; sound no picture; a document only its file.
 */
const BY_TYPE: Partial<Record<ItemType, readonly TechnicalField[]>> = {
  video: ['duration', 'container', 'videoCodec', 'audioCodec', 'resolution', 'frameRate', 'bitrate', ...FILE],
  audio: ['duration', 'container', 'audioCodec', 'bitrate', ...FILE],
  image: ['format', 'dimensions', 'colorSpace', ...FILE],
};

export const technicalFields = (itemType: ItemType): readonly TechnicalField[] => BY_TYPE[itemType] ?? FILE;

/** libvips' names of colour spaces as people write them; greyscale is said in the user's language. */
const COLOR_SPACE_NAMES: Readonly<Record<string, string>> = {
  srgb: 'sRGB',
  rgb: 'RGB',
  rgb16: 'RGB (16-bit)',
  scrgb: 'scRGB',
  cmyk: 'CMYK',
  lab: 'CIELAB',
  labs: 'CIELAB',
  xyz: 'CIE XYZ',
  hsv: 'HSV',
};

/** A colour space as people write it, `greyscale` in the user's language, or as libvips said. */
export function colorSpaceName(space: string, greyscale: string): string {
  if (space === 'b-w' || space === 'grey16') return greyscale;
  return COLOR_SPACE_NAMES[space] ?? space;
}
