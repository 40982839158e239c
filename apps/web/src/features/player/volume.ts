/** The player's volume and mute, kept across items and visits (localStorage). */
export interface VolumeSetting {
  /** 0 to 1, as HTMLMediaElement.volume. */
  volume: number;
  muted: boolean;
}

export const VOLUME_STORAGE_KEY = 'skald.player.volume';
export const DEFAULT_VOLUME: VolumeSetting = { volume: 1, muted: false };
/** How far ↑/↓ on the volume slider move it. */
export const VOLUME_STEP = 0.05;

const clamp = (volume: number) => Math.min(1, Math.max(0, volume));

/** What was stored, or the default for anything else (another version's value, a hand edit). */
export function parseVolumeSetting(raw: string | undefined): VolumeSetting {
  if (raw === undefined) return DEFAULT_VOLUME;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_VOLUME;
    const { volume, muted } = value as Partial<Record<keyof VolumeSetting, unknown>>;
    if (typeof volume !== 'number' || !Number.isFinite(volume) || typeof muted !== 'boolean')
      return DEFAULT_VOLUME;
    return { volume: clamp(volume), muted };
  } catch {
    return DEFAULT_VOLUME;
  }
}

/** A new volume from the slider: moving it to 0 mutes, moving it up unmutes. */
export function withVolume(volume: number): VolumeSetting {
  const next = clamp(volume);
  return { volume: next, muted: next === 0 };
}

/** M or the mute button; unmuting a volume of 0 brings it back to full. */
export function toggledMute(setting: VolumeSetting): VolumeSetting {
  if (setting.muted && setting.volume === 0) return DEFAULT_VOLUME;
  return { ...setting, muted: !setting.muted };
}
