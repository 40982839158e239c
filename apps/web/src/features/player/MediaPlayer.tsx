import { AudioPlayer } from './AudioPlayer.tsx';
import type { CaptionTrack } from './captionTrack.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { NoMedia } from './NoMedia.tsx';
import { playerKind, type PlayerItem } from './playerChoice.ts';
import { VideoPlayer } from './VideoPlayer.tsx';

export type { PlayerItem } from './playerChoice.ts';

/**
 * The item page's media: video (HLS), audio (waveform), image (zoom), or 'Item has no media yet'.
 * Each player is keyed by its URLs, so another item or a new rendition starts afresh. A video
 * shows `captions` (the transcript's WebVTT) as tracks.
 */
export function MediaPlayer({ item, captions }: { item: PlayerItem; captions?: readonly CaptionTrack[] }) {
  const kind = playerKind(item);
  const playback = item.playback;
  if (kind === 'none' || !playback) return <NoMedia itemType={item.itemType} />;
  switch (kind) {
    case 'video':
      return (
        <VideoPlayer
          key={`${playback.hlsUrl ?? ''} ${playback.proxyUrl ?? ''}`}
          item={item}
          playback={playback}
          captions={captions}
          range={item.virtualClip ?? null}
        />
      );
    case 'audio':
      return (
        <AudioPlayer
          key={playback.proxyUrl ?? ''}
          item={item}
          proxyUrl={playback.proxyUrl ?? ''}
          waveformUrl={playback.waveformUrl}
        />
      );
    case 'image':
      return (
        <ImageViewer
          key={playback.previewUrl ?? ''}
          title={item.title}
          previewUrl={playback.previewUrl ?? ''}
        />
      );
  }
}
