import type { StripGeometry } from '../../media/video.ts';
import { blobKey, type BlobKey } from '../../storage/blob-key.ts';

/** What the media pipeline stored for a version (JSON in item_versions.renditions). */
export interface Renditions {
  /** Every file written, relative to the version's rendition folder ('hls/seg-00001.ts'). */
  files: string[];
  proxy?: string | undefined;
  hlsPlaylist?: string | undefined;
  poster?: string | undefined;
  thumbnail?: string | undefined;
  preview?: string | undefined;
  waveform?: string | undefined;
  strip?: StripGeometry | undefined;
  segmentCount?: number | undefined;
  segmentDuration?: { numerator: number; denominator: number } | undefined;
}

export const parseRenditions = (json: string | null): Renditions | null =>
  json === null ? null : (JSON.parse(json) as Renditions);

export const originalKey = (tenantId: string, itemId: string, versionId: string): BlobKey =>
  blobKey(tenantId, 'items', itemId, 'versions', versionId, 'original');

export const renditionsPrefix = (tenantId: string, itemId: string, versionId: string): BlobKey =>
  blobKey(tenantId, 'items', itemId, 'versions', versionId, 'renditions');

// Rendition names are the pipeline's own fixed names; a name is safe as a key once its dots are
// dashes ('hls/seg-00001.ts' → 'hls/seg-00001-ts'). A name the pipeline did not write is refused
// before it gets here (see isRenditionFile).
export const renditionKey = (tenantId: string, itemId: string, versionId: string, file: string): BlobKey =>
  blobKey(
    tenantId,
    'items',
    itemId,
    'versions',
    versionId,
    'renditions',
    ...file.split('/').map((s) => s.replace(/\./g, '-')),
  );

export const itemPrefix = (tenantId: string, itemId: string): BlobKey => blobKey(tenantId, 'items', itemId);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
};

export const renditionContentType = (file: string): string =>
  CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export const isRenditionFile = (renditions: Renditions | null, file: string): boolean =>
  renditions?.files.includes(file) ?? false;
