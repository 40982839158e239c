import { describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME, parseVolumeSetting, toggledMute, withVolume } from './volume.ts';

describe('the stored volume', () => {
  it.each([
    [undefined, DEFAULT_VOLUME],
    ['{"volume":0.4,"muted":true}', { volume: 0.4, muted: true }],
    ['{"volume":7,"muted":false}', { volume: 1, muted: false }],
    ['{"volume":-1,"muted":false}', { volume: 0, muted: false }],
    ['{"volume":"loud","muted":false}', DEFAULT_VOLUME],
    ['{"volume":0.5}', DEFAULT_VOLUME],
    ['null', DEFAULT_VOLUME],
    ['not json', DEFAULT_VOLUME],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseVolumeSetting(raw)).toEqual(expected);
  });
});

describe('volume changes', () => {
  it('mutes at 0 and unmutes above it', () => {
    expect(withVolume(0)).toEqual({ volume: 0, muted: true });
    expect(withVolume(0.3)).toEqual({ volume: 0.3, muted: false });
    expect(withVolume(1.5)).toEqual({ volume: 1, muted: false });
  });

  it('toggles mute, keeping the volume; unmuting a volume of 0 brings it back to full', () => {
    expect(toggledMute({ volume: 0.6, muted: false })).toEqual({ volume: 0.6, muted: true });
    expect(toggledMute({ volume: 0.6, muted: true })).toEqual({ volume: 0.6, muted: false });
    expect(toggledMute({ volume: 0, muted: true })).toEqual(DEFAULT_VOLUME);
  });
});
