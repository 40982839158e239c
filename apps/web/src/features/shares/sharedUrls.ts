import type { SharedItem, SharePage } from '../../api/shares.ts';

const join = (base: string, relative: string | null) => (relative === null ? null : `${base}${relative}`);

/** A shared item with its thumbnail and playback URLs made whole: the page sends them relative to its mediaBase. */
export function withMediaBase(page: Pick<SharePage, 'mediaBase'>, item: SharedItem): SharedItem {
  const base = page.mediaBase ?? '';
  const playback = item.playback;
  return {
    ...item,
    thumbnailUrl: join(base, item.thumbnailUrl),
    playback: playback && {
      hlsUrl: join(base, playback.hlsUrl),
      proxyUrl: join(base, playback.proxyUrl),
      posterUrl: join(base, playback.posterUrl),
      previewUrl: join(base, playback.previewUrl),
      waveformUrl: join(base, playback.waveformUrl),
      strip: playback.strip && { ...playback.strip, url: `${base}${playback.strip.url}` },
    },
  };
}
