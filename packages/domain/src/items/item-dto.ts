import type { Access } from '../access/types.ts';
import type { AnalysisKind, AnalysisStateName, ItemType } from './item-types.ts';
import type { VirtualClip } from './media-actions.ts';

/**
 * Shapes of the items/folders/uploads contract (issue 3), as the server answers and the web reads
 * them. Types only: the server's zod response schemas stay the runtime contract. Timestamps are
 * ISO-8601 strings in UTC.
 */

export interface UserRef {
  id: string;
  name: string;
}

export interface Rational {
  numerator: number;
  denominator: number;
}

export interface AnalysisState {
  state: AnalysisStateName | null;
  enabled: boolean;
  errorMessage: string | null;
  /** 0–100. */
  progress: number;
}

export interface TechnicalMetadata {
  durationSeconds: number | null;
  container: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: Rational | null;
  /** The timecode of the first frame as the source recorded it (a camera's MXF or MOV); null when it has none. */
  startTimecode: string | null;
  bitrate: number | null;
  /** A picture's colour space as libvips reads it ('srgb', 'cmyk', 'b-w', …); null for sound and video. */
  colorSpace: string | null;
  size: number;
  sha256: string;
  mimeType: string | null;
  /** What a picture's EXIF says about how it was taken; null without EXIF (and for sound and video). */
  exif: ExifSummary | null;
}

/** The useful part of a picture's EXIF; each field null when the picture does not say. */
export interface ExifSummary {
  make: string | null;
  model: string | null;
  lens: string | null;
  /**
   * When it was taken, as the camera's clock said: ISO-8601 ('2024-05-17T12:34:56'), with the
   * camera's UTC offset appended only when it recorded one (EXIF dates have no zone otherwise).
   */
  takenAt: string | null;
  /** EXIF's orientation as words ('Rotate 90 CW'); previews are already turned upright. */
  orientation: string | null;
  /** Decimal degrees (WGS 84), south and west negative; null when the picture has no position. */
  latitude: number | null;
  longitude: number | null;
  /** Metres above sea level. */
  altitude: number | null;
}

/** A row of the folder view and the recycle bin. */
export interface ItemSummary {
  id: string;
  itemType: ItemType;
  title: string;
  /** Free text about the item; searched with the title. */
  description: string;
  folderId: string;
  owner: UserRef;
  createdAt: string;
  updatedAt: string;
  durationSeconds: number | null;
  /** A rendition URL, or /placeholders/<itemType>.svg. */
  resolvedThumbnailUrl: string;
  transcoding: AnalysisState;
  isDeleted: boolean;
  deletedAt: string | null;
}

export interface ItemVersion {
  id: string;
  number: number;
  filename: string;
  size: number;
  sha256: string;
  createdAt: string;
  createdBy: UserRef;
  isLeading: boolean;
}

/** The thumbnail strip's layout: a sprite of `count` tiles, `columns` wide, one every `intervalSeconds`. */
export interface StripGeometry {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  count: number;
  intervalSeconds: number;
}

/** The thumbnail strip as the API gives it: its layout and the sprite's URL. */
export interface ThumbnailStrip extends StripGeometry {
  url: string;
}

/** Null on the item while nothing is playable ('Item has no media yet'). */
export interface Playback {
  hlsUrl: string | null;
  proxyUrl: string | null;
  posterUrl: string | null;
  previewUrl: string | null;
  /** Audio: JSON `{ peaks: number[] (0..1), samplesPerPeak, sampleRate, durationSeconds }`. */
  waveformUrl: string | null;
  strip: ThumbnailStrip | null;
}

/** An audio rendition's waveform.json (Playback.waveformUrl); peaks are 0..1. */
export interface Waveform {
  peaks: number[];
  samplesPerPeak: number;
  sampleRate: number;
  durationSeconds: number;
}

/** The state of every analysis but transcoding, which the summary already carries. */
export type AnalysisStates = Record<Exclude<AnalysisKind, 'transcoding'>, AnalysisState>;

export interface Item extends ItemSummary, AnalysisStates {
  createdBy: UserRef;
  visibleTo: Access | null;
  updatableBy: Access | null;
  media: { segmentCount: number; segmentDuration: Rational } | null;
  technicalMetadata: TechnicalMetadata | null;
  isArchived: boolean;
  versions: ItemVersion[];
  leadingVersionId: string | null;
  /** The range of another item this item plays, when it is a virtual clip; null for every other item. */
  virtualClip: VirtualClip | null;
  /** The item a render made this one from through a preset (subclip, whole render, export, central request). */
  renderedFrom: { sourceItemId: string } | null;
  playback: Playback | null;
  /** For the caller, from the domain rules. */
  canUpdate: boolean;
  canDelete: boolean;
  /** Whether the caller may add a version (canCreateVersion); what the item is may still refuse it. */
  canCreateVersion: boolean;
}

export interface FolderPathEntry {
  id: string;
  name: string;
}

export interface Folder {
  id: string;
  name: string;
  parentId: string | null;
  isRoot: boolean;
  /** Ancestors from the root down to this folder, inclusive. */
  path: FolderPathEntry[];
  owner: UserRef;
  visibleTo: Access | null;
  updatableBy: Access | null;
  createdAt: string;
  canUpdate: boolean;
  canDelete: boolean;
}

export type HistoryAction =
  | 'created'
  | 'uploaded'
  | 'versionAdded'
  | 'versionPromoted'
  | 'renamed'
  | 'described'
  | 'moved'
  | 'accessChanged'
  | 'transcodeStarted'
  | 'transcodeCompleted'
  | 'transcodeFailed'
  | 'reprocessed'
  | 'analysisStarted'
  | 'analysisCompleted'
  | 'analysisFailed'
  | 'metadataChanged'
  | 'deleted'
  | 'restored'
  | 'downloaded'
  | 'logEventAdded'
  | 'logEventChanged'
  | 'logEventDeleted'
  | 'sequenceEdited';

export interface HistoryEntry {
  id: string;
  action: HistoryAction | (string & {});
  actor: UserRef | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface UploadRecord {
  id: string;
  filename: string;
  size: number;
  offset: number;
  state: 'uploading' | 'complete' | 'rejected' | 'failed';
  error: string | null;
  folderId: string;
  itemId: string | null;
  createdAt: string;
  completedAt: string | null;
}

export type DownloadKind = 'original' | 'proxy';

export interface DownloadRecord {
  id: string;
  itemId: string;
  title: string;
  kind: DownloadKind;
  filename: string;
  size: number;
  createdAt: string;
}
