import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { MissingQualityChoice, ShareQuality } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import type { SharedItem } from '../../api/shares.ts';

/** Spec §8 "Shared download with missing selected quality": skip, continue or try another quality. */
export function MissingQualityDialog({
  missing,
  quality,
  onChoose,
  onClose,
}: {
  missing: SharedItem[] | null;
  quality: ShareQuality;
  onChoose: (choice: MissingQualityChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shares');
  const name = t(`qualities.${quality}`);
  return (
    <Modal opened={missing !== null} onClose={onClose} title={t('missing.title', { quality: name })} centered>
      <Stack>
        <Text size="sm">{t('missing.message', { quality: name, count: missing?.length ?? 0 })}</Text>
        <List size="sm">
          {(missing ?? []).map((item) => (
            <List.Item key={item.id}>{item.title}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              onChoose('skip');
            }}
          >
            {t('missing.skip')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              onChoose('continue');
            }}
          >
            {t('missing.continue')}
          </Button>
          <Button
            onClick={() => {
              onChoose('another');
            }}
          >
            {t('missing.another')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
