import { Badge, Group, UnstyledButton } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronLeftPipe,
  IconChevronRight,
  IconChevronRightPipe,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerTrackNextFilled,
  IconPlayerTrackPrevFilled,
  IconRewindBackward10,
  IconRewindForward10,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlButton } from './ControlButton.tsx';
import { MEDIA_SHORTCUTS, type MediaCommand } from './keyMap.ts';
import classes from './player.module.css';
import { speedLabel } from './speedLadder.ts';
import { formatTime, formatTimecode } from './timeFormat.ts';
import type { MediaTransport } from './useMediaTransport.ts';

interface TransportControlsProps {
  media: MediaTransport;
  /** Audio has no reverse speeds and no frame steps. */
  kind: 'video' | 'audio';
  fps: number;
  showTimecode: boolean;
  onToggleTimecode: () => void;
  /** The controls after the transport: volume, picture-in-picture, full screen. */
  children: ReactNode;
}

const ICON = { size: 18 };

/** Transport buttons, the clock and the speed. */
export function TransportControls({
  media,
  kind,
  fps,
  showTimecode,
  onToggleTimecode,
  children,
}: TransportControlsProps) {
  const { t } = useTranslation('player');
  const { transport, currentTime, duration, run } = media;
  const video = kind === 'video';
  const clock = (seconds: number) => (showTimecode ? formatTimecode(seconds, fps) : formatTime(seconds));
  const button = (command: MediaCommand, icon: ReactNode, extra: { disabled?: boolean } = {}) => (
    <ControlButton
      label={t(`controls.${command}`)}
      shortcut={MEDIA_SHORTCUTS[command]}
      onClick={() => {
        run(command);
      }}
      {...extra}
    >
      {icon}
    </ControlButton>
  );
  // Audio has no reverse: J only slows a faster speed down to 1×.
  const reverseUnavailable = !video && !(transport.playing && transport.speed > 1);

  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <UnstyledButton
        className={classes.time}
        onClick={onToggleTimecode}
        // Named by the time it shows (WCAG 2.5.3); what a click does is its description.
        title={showTimecode ? t('controls.showClock') : t('controls.showTimecode')}
        fz="sm"
      >
        <span data-testid="media-player-time">{clock(currentTime)}</span>
        {' / '}
        <span>{Number.isFinite(duration) ? clock(duration) : '--:--'}</span>
      </UnstyledButton>

      <Group gap={2} wrap="nowrap">
        {button('back10', <IconRewindBackward10 {...ICON} />)}
        {button('back1', <IconChevronLeft {...ICON} />)}
        {video && button('previousFrame', <IconChevronLeftPipe {...ICON} />)}
        <ControlButton
          label={video ? t('controls.slower') : t('controls.slowerAudio')}
          shortcut={MEDIA_SHORTCUTS.slower}
          disabled={reverseUnavailable}
          disabledReason={t('controls.reverseUnavailable')}
          onClick={() => {
            run('slower');
          }}
        >
          <IconPlayerTrackPrevFilled {...ICON} />
        </ControlButton>
        <ControlButton
          label={transport.playing ? t('controls.pause') : t('controls.play')}
          shortcut={MEDIA_SHORTCUTS.togglePlay}
          onClick={() => {
            run('togglePlay');
          }}
        >
          {transport.playing ? <IconPlayerPauseFilled {...ICON} /> : <IconPlayerPlayFilled {...ICON} />}
        </ControlButton>
        {button('faster', <IconPlayerTrackNextFilled {...ICON} />)}
        {video && button('nextFrame', <IconChevronRightPipe {...ICON} />)}
        {button('forward1', <IconChevronRight {...ICON} />)}
        {button('forward10', <IconRewindForward10 {...ICON} />)}
      </Group>

      <Group gap={2} wrap="nowrap">
        {children}
        <Badge
          ml={6}
          variant={transport.speed === 1 ? 'default' : 'light'}
          color={transport.speed < 0 ? 'orange' : undefined}
          tt="none"
          aria-label={t('controls.speed', { speed: speedLabel(transport.speed) })}
          data-testid="media-player-speed"
        >
          {speedLabel(transport.speed)}
        </Badge>
      </Group>
    </Group>
  );
}
