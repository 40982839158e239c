import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sequencesApi } from '../../api/sequences.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';

/** Spec §6 item.createVirtualClip: the marked range as a new item that plays its source, rendering nothing. */
export function VirtualClipPanel({
  itemId,
  inFrame,
  outFrame,
}: {
  itemId: string;
  inFrame: number | null;
  outFrame: number | null;
}) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const make = useMutation({
    mutationFn: () => sequencesApi.virtualClip(itemId, { inFrame: inFrame ?? 0, outFrame: outFrame ?? 0 }),
  });
  const ready = inFrame !== null && outFrame !== null && outFrame > inFrame;
  return (
    <>
      <Group>
        <Button
          variant="default"
          disabled={!ready}
          loading={make.isPending}
          onClick={() => {
            make.mutate();
          }}
        >
          {t('virtualClip.make')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('virtualClip.hint')}
        </Text>
      </Group>
      {make.isError && <ErrorAlert>{describe(make.error)}</ErrorAlert>}
      {make.isSuccess && (
        <Alert color="green" title={t('virtualClip.made')}>
          <Anchor component={Link} to={itemDetailsPath(make.data.id)}>
            {make.data.title}
          </Anchor>
        </Alert>
      )}
    </>
  );
}
