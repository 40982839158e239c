import { useLocalStorage } from '@mantine/hooks';
import { useEffect, type RefObject } from 'react';
import {
  DEFAULT_VOLUME,
  VOLUME_STORAGE_KEY,
  parseVolumeSetting,
  toggledMute,
  withVolume,
  type VolumeSetting,
} from './volume.ts';

export interface VolumeControls extends VolumeSetting {
  setVolume: (volume: number) => void;
  toggleMute: () => void;
}

/** The media element's volume and mute, the same for every item (kept in localStorage). */
export function useVolume(mediaRef: RefObject<HTMLMediaElement | null>): VolumeControls {
  const [setting, setSetting] = useLocalStorage<VolumeSetting>({
    key: VOLUME_STORAGE_KEY,
    defaultValue: DEFAULT_VOLUME,
    deserialize: parseVolumeSetting,
    getInitialValueInEffect: false,
  });
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    media.volume = setting.volume;
    media.muted = setting.muted;
  }, [mediaRef, setting]);
  return {
    ...setting,
    setVolume: (volume) => {
      setSetting(withVolume(volume));
    },
    toggleMute: () => {
      setSetting(toggledMute);
    },
  };
}
