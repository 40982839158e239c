import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { METER_FLOOR_DB, meterFraction, type AudioLevel } from './levels.ts';
import classes from './player.module.css';

const dbText = (db: number) => (db <= METER_FLOOR_DB ? '−∞' : db.toFixed(0).replace('-', '−'));

/** The audio's level as it plays: RMS as the bar, the peak as a line; a meter for assistive technology. */
export function LevelMeter({ level }: { level: AudioLevel }) {
  const { t } = useTranslation('player');
  const rms = meterFraction(level.rmsDb);
  return (
    <Group gap="xs" wrap="nowrap">
      <Box
        className={classes.meter}
        role="meter"
        aria-label={t('meter.label')}
        aria-valuemin={METER_FLOOR_DB}
        aria-valuemax={0}
        aria-valuenow={Math.round(level.rmsDb)}
        aria-valuetext={t('meter.value', { db: dbText(level.rmsDb) })}
        data-testid="media-player-meter"
      >
        <Box className={classes.meterRest} style={{ width: `${(1 - rms) * 100}%` }} />
        <Box className={classes.meterPeak} style={{ left: `${meterFraction(level.peakDb) * 100}%` }} />
      </Box>
      <Text size="xs" c="dimmed" w={56} ta="right" aria-hidden>
        {t('meter.value', { db: dbText(level.rmsDb) })}
      </Text>
    </Group>
  );
}
