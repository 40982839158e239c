import {
  IconMaximize,
  IconMinimize,
  IconPictureInPicture,
  IconPictureInPictureOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ControlButton } from './ControlButton.tsx';
import { VIEW_SHORTCUTS } from './keyMap.ts';

const ICON = { size: 18 };

interface Toggle {
  available: boolean;
  active: boolean;
  toggle: () => void;
}

/** Picture-in-picture (where the browser offers it) and full screen (F). */
export function ViewButtons({
  fullscreen,
  pictureInPicture,
}: {
  fullscreen: Toggle;
  pictureInPicture: Toggle;
}) {
  const { t } = useTranslation('player');
  return (
    <>
      {pictureInPicture.available && (
        <ControlButton
          label={
            pictureInPicture.active ? t('controls.leavePictureInPicture') : t('controls.pictureInPicture')
          }
          onClick={pictureInPicture.toggle}
        >
          {pictureInPicture.active ? (
            <IconPictureInPictureOff {...ICON} />
          ) : (
            <IconPictureInPicture {...ICON} />
          )}
        </ControlButton>
      )}
      {fullscreen.available && (
        <ControlButton
          label={fullscreen.active ? t('controls.exitFullscreen') : t('controls.fullscreen')}
          shortcut={VIEW_SHORTCUTS.toggleFullscreen}
          onClick={fullscreen.toggle}
        >
          {fullscreen.active ? <IconMinimize {...ICON} /> : <IconMaximize {...ICON} />}
        </ControlButton>
      )}
    </>
  );
}
