import { ITEM_TYPES, type ItemType } from '@skald/domain';
import type { Item, Playback, TechnicalMetadata } from '../../api/items.ts';

export type { ItemType };

/** The contract's Playback, all of which the player reads. */
export type PlayerPlayback = Playback;

/** The fields of the contract's Item the player reads. */
export interface PlayerItem extends Pick<Item, 'itemType' | 'title'> {
  technicalMetadata: Pick<TechnicalMetadata, 'durationSeconds' | 'frameRate'> | null;
  playback: PlayerPlayback | null;
  /** A virtual clip plays only this range of its source's streams. */
  virtualClip?: Pick<NonNullable<Item['virtualClip']>, 'startSeconds' | 'endSeconds'> | null;
}

export type PlayerKind = 'video' | 'audio' | 'image' | 'none';

const VIDEO_LIKE: readonly ItemType[] = ['video', 'sequence', 'live'];

/**
 * Which player shows the item: by its type when the rendition it needs exists; other types (files)
 * get whatever their renditions allow; nothing playable is 'none' ('Item has no media yet').
 */
export function playerKind(item: Pick<PlayerItem, 'itemType' | 'playback'>): PlayerKind {
  const playback = item.playback;
  if (!playback) return 'none';
  const video = Boolean(playback.hlsUrl ?? playback.proxyUrl);
  if (VIDEO_LIKE.includes(item.itemType)) return video ? 'video' : 'none';
  if (item.itemType === 'audio') return playback.proxyUrl ? 'audio' : 'none';
  if (item.itemType === 'image') return playback.previewUrl ? 'image' : 'none';
  if (playback.hlsUrl) return 'video';
  if (playback.previewUrl) return 'image';
  return 'none';
}

export type VideoSource =
  { kind: 'hls'; url: string } | { kind: 'native'; url: string } | { kind: 'progressive'; url: string };

/**
 * hls.js where Media Source Extensions exist; the browser's own HLS (Safari on iOS) otherwise; the
 * progressive proxy as the last resort.
 */
export function chooseVideoSource(
  playback: Pick<PlayerPlayback, 'hlsUrl' | 'proxyUrl'>,
  support: { hlsJs: boolean; nativeHls: boolean },
): VideoSource | null {
  if (playback.hlsUrl && support.hlsJs) return { kind: 'hls', url: playback.hlsUrl };
  if (playback.hlsUrl && support.nativeHls) return { kind: 'native', url: playback.hlsUrl };
  if (playback.proxyUrl) return { kind: 'progressive', url: playback.proxyUrl };
  return null;
}

const PLACEHOLDER_TYPES: readonly string[] = ITEM_TYPES;

/** The static placeholder image for an item type (public/placeholders). */
export function placeholderUrl(itemType: string): string {
  return `/placeholders/${PLACEHOLDER_TYPES.includes(itemType) ? itemType : 'missing'}.svg`;
}
