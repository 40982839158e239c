import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFileDots, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { CentralRenderRequest } from './CentralRenderRequest.tsx';
import { CopyMediaDialog } from './CopyMediaDialog.tsx';
import { isBeingFilled, isPlaceholder } from './placeholderRules.ts';
import { MESSAGES } from '@skald/domain';

/**
 * A placeholder's state on its page (spec §4): no media yet, what is on its way, and the ways to fill
 * it — a copy of another item's media, or a central render request (which can be deleted).
 */
export function PlaceholderPanel({ item }: { item: Item }) {
  const { t } = useTranslation('itemDetails');
  const specMessage = useSpecMessage();
  const me = useCurrentUser();
  const [copying, setCopying] = useState(false);
  if (!isPlaceholder(item)) return null;
  const filling = isBeingFilled(item);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconFileDots />}
      title={t('placeholder.title')}
      data-testid="placeholder-panel"
      data-filling={filling}
    >
      <Stack gap="xs">
        <Text size="sm">
          {specMessage(MESSAGES.itemHasNoMedia)}. {t(filling ? 'placeholder.filling' : 'placeholder.waiting')}
        </Text>
        {hasPermission(me, 'analytics.subclip') && (
          <CentralRenderRequest itemId={item.id} state={item.transcoding.state} />
        )}
        {hasPermission(me, 'item.copyMedia') && !filling && (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            w="fit-content"
            onClick={() => {
              setCopying(true);
            }}
          >
            {t('placeholder.copyMedia')}
          </Button>
        )}
      </Stack>
      <CopyMediaDialog
        itemId={item.id}
        opened={copying}
        onClose={() => {
          setCopying(false);
        }}
      />
    </Alert>
  );
}
