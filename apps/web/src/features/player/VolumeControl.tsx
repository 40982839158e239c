import { Group, Slider } from '@mantine/core';
import { IconVolume, IconVolume2, IconVolume3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ControlButton } from './ControlButton.tsx';
import { VIEW_SHORTCUTS } from './keyMap.ts';
import type { VolumeControls } from './useVolume.ts';
import { VOLUME_STEP } from './volume.ts';

const ICON = { size: 18 };

/** Mute (M) and the volume slider. */
export function VolumeControl({ volume }: { volume: VolumeControls }) {
  const { t } = useTranslation('player');
  const silent = volume.muted || volume.volume === 0;
  const percent = Math.round((volume.muted ? 0 : volume.volume) * 100);
  return (
    <Group gap={4} wrap="nowrap">
      <ControlButton
        label={silent ? t('controls.unmute') : t('controls.mute')}
        shortcut={VIEW_SHORTCUTS.toggleMute}
        onClick={volume.toggleMute}
      >
        {silent ? (
          <IconVolume3 {...ICON} />
        ) : volume.volume < 0.5 ? (
          <IconVolume2 {...ICON} />
        ) : (
          <IconVolume {...ICON} />
        )}
      </ControlButton>
      <Slider
        w={90}
        size="sm"
        // WCAG 2.5.8: a thumb of 24 px is a target of its own size.
        thumbSize={24}
        min={0}
        max={100}
        step={VOLUME_STEP * 100}
        value={percent}
        onChange={(value) => {
          volume.setVolume(value / 100);
        }}
        label={null}
        thumbLabel={t('controls.volume')}
        data-testid="media-player-volume"
      />
    </Group>
  );
}
