import { describe, expect, it } from 'vitest';
import type { SharedItem } from '../../api/shares.ts';
import { withMediaBase } from './sharedUrls.ts';

const item: SharedItem = {
  id: 'i1',
  title: 'Harbour',
  itemType: 'video',
  thumbnailUrl: 'i1/media/thumbnail.jpg',
  technicalMetadata: null,
  playback: {
    hlsUrl: 'i1/media/hls/index.m3u8',
    proxyUrl: 'i1/media/proxy.mp4',
    posterUrl: null,
    previewUrl: null,
    waveformUrl: null,
    strip: {
      url: 'i1/media/strip.jpg',
      columns: 10,
      rows: 1,
      tileWidth: 160,
      tileHeight: 90,
      count: 10,
      intervalSeconds: 1,
    },
  },
  available: null,
  metadata: null,
  rightsWarning: null,
};

describe('withMediaBase', () => {
  it('puts the page’s media path in front of every media URL, and leaves the missing ones missing', () => {
    const whole = withMediaBase({ mediaBase: '/api/v1/public/shares/t/items/' }, item);
    expect(whole.thumbnailUrl).toBe('/api/v1/public/shares/t/items/i1/media/thumbnail.jpg');
    expect(whole.playback).toMatchObject({
      hlsUrl: '/api/v1/public/shares/t/items/i1/media/hls/index.m3u8',
      proxyUrl: '/api/v1/public/shares/t/items/i1/media/proxy.mp4',
      posterUrl: null,
      strip: { url: '/api/v1/public/shares/t/items/i1/media/strip.jpg', columns: 10 },
    });
  });
});
