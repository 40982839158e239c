import {
  ANALYSIS_KINDS,
  canCreateVersion,
  canDeleteItem,
  canUpdate,
  checkUpdatable,
  type AnalysisKind,
  type AnalysisState,
  type AnalysisStateName,
  type AnalysisStates,
  type Guarded,
  type Item,
  type ItemSummary,
  type ItemType,
  type Playback,
  type Principal,
  type TechnicalMetadata,
  type UserRef,
} from '@skald/domain';
import type { AnalysisRow, ItemRow, VersionRow } from '../../db/rows.ts';
import { exifSummary } from './exif-summary.ts';
import { virtualClipOf } from './item-shape.ts';
import { parseRenditions, type Renditions } from './renditions.ts';

/** The contract's shapes live in @skald/domain; these are the names the server's modules use. */
export type ItemSummaryDto = ItemSummary;
export type ItemDto = Item;
export type { AnalysisState };

/** Everything the presenter needs about the items of one answer, loaded in a few queries. */
export interface ItemContext {
  names: Map<string, string>;
  analyses: AnalysisRow[];
  leading: Map<string, VersionRow>;
}

const ref = (names: Map<string, string>, id: string): UserRef => ({ id, name: names.get(id) ?? '' });

export const NO_STATE: AnalysisState = { state: null, enabled: false, errorMessage: null, progress: 0 };

function analysisOf(rows: AnalysisRow[], itemId: string, kind: AnalysisKind): AnalysisState {
  const row = rows.find((r) => r.item_id === itemId && r.kind === kind);
  if (!row) return NO_STATE;
  return {
    state: row.state as AnalysisStateName | null,
    enabled: row.enabled === 1,
    errorMessage: row.error_message,
    progress: row.progress,
  };
}

const NO_STREAMS: Omit<TechnicalMetadata, 'size' | 'sha256' | 'mimeType' | 'exif'> = {
  durationSeconds: null,
  container: null,
  videoCodec: null,
  audioCodec: null,
  width: null,
  height: null,
  frameRate: null,
  startTimecode: null,
  bitrate: null,
  colorSpace: null,
};

const mediaUrl = (itemId: string, file: string | undefined): string | null =>
  file === undefined ? null : `/api/v1/items/${itemId}/media/${file}`;

export const placeholderUrl = (type: string): string => `/placeholders/${type}.svg`;

export function presentSummary(item: ItemRow, ctx: ItemContext): ItemSummaryDto {
  const renditions = parseRenditions(ctx.leading.get(item.id)?.renditions ?? null);
  return {
    id: item.id,
    itemType: item.item_type as ItemType,
    title: item.title,
    description: item.description,
    folderId: item.folder_id,
    owner: ref(ctx.names, item.owner_id),
    createdAt: item.created_at,
    updatedAt: item.updated_at,
    durationSeconds: item.duration_ms === null ? null : item.duration_ms / 1000,
    resolvedThumbnailUrl: mediaUrl(item.id, renditions?.thumbnail) ?? placeholderUrl(item.item_type),
    transcoding: analysisOf(ctx.analyses, item.id, 'transcoding'),
    isDeleted: item.deleted_at !== null,
    deletedAt: item.deleted_at,
  };
}

function playbackOf(itemId: string, r: Renditions | null): Playback | null {
  if (!r) return null;
  const playback: Playback = {
    hlsUrl: mediaUrl(itemId, r.hlsPlaylist),
    proxyUrl: mediaUrl(itemId, r.proxy),
    posterUrl: mediaUrl(itemId, r.poster),
    previewUrl: mediaUrl(itemId, r.preview),
    waveformUrl: mediaUrl(itemId, r.waveform),
    strip: r.strip ? { ...r.strip, url: mediaUrl(itemId, r.strip.file) ?? '' } : null,
  };
  const playable = playback.hlsUrl ?? playback.proxyUrl ?? playback.previewUrl;
  return playable === null ? null : playback;
}

export function presentItem(
  item: ItemRow,
  guarded: Guarded,
  /** Its versions, and the item a render made it from (null when no render did). */
  { versions, renderedFrom }: { versions: VersionRow[]; renderedFrom: string | null },
  ctx: ItemContext,
  p: Principal,
): ItemDto {
  const leading = ctx.leading.get(item.id);
  const renditions = parseRenditions(leading?.renditions ?? null);
  const technical = leading?.technical
    ? (JSON.parse(leading.technical) as Omit<TechnicalMetadata, 'sha256' | 'size' | 'mimeType' | 'exif'>)
    : null;
  // A processed version without streams (a file) still has its size, checksum and type to show.
  const processed = leading !== undefined && (technical !== null || leading.sha256 !== null);
  const analyses = Object.fromEntries(
    ANALYSIS_KINDS.filter((k) => k !== 'transcoding').map((k) => [k, analysisOf(ctx.analyses, item.id, k)]),
  ) as AnalysisStates;
  return {
    ...presentSummary(item, ctx),
    ...analyses,
    createdBy: ref(ctx.names, item.created_by),
    visibleTo: guarded.visibleTo,
    updatableBy: guarded.updatableBy,
    media:
      renditions?.segmentCount !== undefined && renditions.segmentDuration
        ? { segmentCount: renditions.segmentCount, segmentDuration: renditions.segmentDuration }
        : null,
    technicalMetadata: processed
      ? {
          ...NO_STREAMS,
          ...technical,
          size: leading.size,
          sha256: leading.sha256 ?? '',
          mimeType: leading.mime_type,
          exif: exifSummary(leading.exif),
        }
      : null,
    isArchived: item.is_archived === 1,
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      filename: v.filename,
      size: v.size,
      sha256: v.sha256 ?? '',
      createdAt: v.created_at,
      createdBy: ref(ctx.names, v.created_by),
      isLeading: v.id === item.leading_version_id,
    })),
    leadingVersionId: item.leading_version_id,
    virtualClip: virtualClipOf(item),
    renderedFrom: renderedFrom === null ? null : { sourceItemId: renderedFrom },
    playback: playbackOf(item.id, renditions),
    canUpdate: canUpdate(p) && checkUpdatable(p, guarded) === 'allowed',
    canDelete: canDeleteItem(p, guarded),
    canCreateVersion: canCreateVersion(p, guarded),
  };
}
