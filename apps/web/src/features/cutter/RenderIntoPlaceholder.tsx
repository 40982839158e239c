import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconFileDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { itemDetailsPath } from '../../routing/paths.ts';
import type { Marks } from './cutterKeys.ts';
import type { MarkedRange } from './RenderIntoPlaceholderDialog.tsx';

// The search for placeholders loads with the dialog, when it first opens.
const RenderIntoPlaceholderDialog = lazyDialog(
  () => import('./RenderIntoPlaceholderDialog.tsx'),
  (module) => module.RenderIntoPlaceholderDialog,
);

/** The source and its marks, a range once both are set. */
type Marked = Omit<MarkedRange, keyof Marks> & Marks;

/**
 * "Render into placeholder…" beside the subclip (spec §4 central render request, analytics.subclip):
 * the marked range fills a placeholder made before its media existed.
 */
export function RenderIntoPlaceholder({ marks }: { marks: Marked }) {
  const { t } = useTranslation('cutter');
  const me = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [started, setStarted] = useState<Item | null>(null);
  if (!hasPermission(me, 'analytics.subclip')) return null;
  const { inFrame, outFrame } = marks;
  const range =
    inFrame !== null && outFrame !== null && outFrame > inFrame ? { ...marks, inFrame, outFrame } : null;
  return (
    <>
      <Group>
        <Button
          variant="default"
          leftSection={<IconFileDots size={16} />}
          disabled={range === null}
          onClick={() => {
            setOpened(true);
          }}
        >
          {t('placeholder.open')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('placeholder.offer')}
        </Text>
      </Group>
      {started && (
        <Alert color="green" title={t('placeholder.started')}>
          <Anchor component={Link} to={itemDetailsPath(started.id)}>
            {started.title}
          </Anchor>
        </Alert>
      )}
      {range && (
        <RenderIntoPlaceholderDialog
          opened={opened}
          onClose={() => {
            setOpened(false);
          }}
          range={range}
          onStarted={setStarted}
        />
      )}
    </>
  );
}
