import { Alert, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './player.module.css';

/** The spinner over the stage while the media loads. */
export function LoadingOverlay() {
  const { t } = useTranslation('player');
  return (
    <div className={classes.overlay} role="status" aria-label={t('loading')}>
      <Loader color="gray" />
    </div>
  );
}

/** The message over the stage when the media cannot be played. */
export function ErrorOverlay({ message }: { message: string }) {
  return (
    <div className={classes.overlay}>
      <Alert color="red" variant="filled" icon={<IconAlertTriangle />} role="alert" maw={420}>
        {message}
      </Alert>
    </div>
  );
}
