import { Stack, Text } from '@mantine/core';
import { MESSAGES } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import classes from './player.module.css';
import { placeholderUrl } from './playerChoice.ts';
import { PlayerShell } from './PlayerShell.tsx';

/** Nothing playable yet (spec: 'Item has no media yet'), over the item type's placeholder. */
export function NoMedia({ itemType }: { itemType: string }) {
  const { t } = useTranslation('messages');
  return (
    <PlayerShell kind="none" state="no-media">
      <Stack align="center" gap="sm" py="md">
        <img className={classes.placeholder} src={placeholderUrl(itemType)} alt="" />
        <Text c="dimmed">{t('itemHasNoMedia', { defaultValue: MESSAGES.itemHasNoMedia })}</Text>
      </Stack>
    </PlayerShell>
  );
}
