import { describe, expect, it } from 'vitest';
import {
  chooseVideoSource,
  placeholderUrl,
  playerKind,
  type ItemType,
  type PlayerPlayback,
} from './playerChoice.ts';

const none: PlayerPlayback = {
  hlsUrl: null,
  proxyUrl: null,
  posterUrl: null,
  previewUrl: null,
  waveformUrl: null,
  strip: null,
};
const hls = '/api/v1/items/i1/media/hls/index.m3u8';
const mp4 = '/api/v1/items/i1/media/proxy.mp4';
const m4a = '/api/v1/items/i1/media/proxy.m4a';
const webp = '/api/v1/items/i1/media/preview.webp';

describe('which player shows an item', () => {
  it.each<[ItemType, Partial<PlayerPlayback> | null, string]>([
    ['video', { hlsUrl: hls, proxyUrl: mp4 }, 'video'],
    ['video', { proxyUrl: mp4 }, 'video'],
    ['video', { posterUrl: '/poster.jpg' }, 'none'],
    ['video', null, 'none'],
    ['live', { hlsUrl: hls }, 'video'],
    ['sequence', { hlsUrl: hls }, 'video'],
    ['audio', { proxyUrl: m4a, waveformUrl: '/w.json' }, 'audio'],
    ['audio', { proxyUrl: m4a }, 'audio'],
    ['audio', { waveformUrl: '/w.json' }, 'none'],
    ['image', { previewUrl: webp }, 'image'],
    ['image', { proxyUrl: mp4 }, 'none'],
    ['image', null, 'none'],
    ['file', { previewUrl: webp }, 'image'],
    ['file', { hlsUrl: hls }, 'video'],
    ['file', { proxyUrl: mp4 }, 'none'],
    ['folder', null, 'none'],
  ])('a %s with %j: %s', (itemType, playback, kind) => {
    expect(playerKind({ itemType, playback: playback && { ...none, ...playback } })).toBe(kind);
  });
});

describe('the video source', () => {
  it.each([
    [
      { hlsUrl: hls, proxyUrl: mp4 },
      { hlsJs: true, nativeHls: true },
      { kind: 'hls', url: hls },
    ],
    [
      { hlsUrl: hls, proxyUrl: mp4 },
      { hlsJs: false, nativeHls: true },
      { kind: 'native', url: hls },
    ],
    [
      { hlsUrl: hls, proxyUrl: mp4 },
      { hlsJs: false, nativeHls: false },
      { kind: 'progressive', url: mp4 },
    ],
    [
      { hlsUrl: null, proxyUrl: mp4 },
      { hlsJs: true, nativeHls: true },
      { kind: 'progressive', url: mp4 },
    ],
    [{ hlsUrl: hls, proxyUrl: null }, { hlsJs: false, nativeHls: false }, null],
    [{ hlsUrl: null, proxyUrl: null }, { hlsJs: true, nativeHls: true }, null],
  ])('for %j with %j is %j', (playback, support, source) => {
    expect(chooseVideoSource(playback, support)).toEqual(source);
  });
});

describe('placeholder images', () => {
  it.each([
    ['video', '/placeholders/video.svg'],
    ['person', '/placeholders/person.svg'],
    ['live', '/placeholders/live.svg'],
    ['hologram', '/placeholders/missing.svg'],
  ])('for %s: %s', (itemType, url) => {
    expect(placeholderUrl(itemType)).toBe(url);
  });
});
