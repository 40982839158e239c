import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, recipeMakesPicture, subclipNeeds } from '@skald/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { presetsApi } from '../../api/presets.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { rendersApi } from '../../api/renders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';

interface SubclipPanelProps {
  itemId: string;
  /** Sound is rendered only through presets that make sound and no picture. */
  sourceType: 'video' | 'audio';
  inFrame: number | null;
  outFrame: number | null;
}

/** The marked range through a preset into a new item (spec §6 analytics.subclip). */
export function SubclipPanel({ itemId, sourceType, inFrame, outFrame }: SubclipPanelProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const needs = subclipNeeds(sourceType);
  const presets = useQuery({
    queryKey: queryKeys.presetChoice(needs),
    queryFn: ({ signal }) => presetsApi.list(needs, signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const make = useMutation({
    mutationFn: (presetId: string) =>
      rendersApi.subclip(itemId, {
        presetId,
        inFrame: inFrame ?? 0,
        outFrame: outFrame ?? 0,
        ...(title.trim() ? { title: title.trim() } : {}),
      }),
  });

  if (presets.isPending) return null;
  if (presets.isError) return <ErrorAlert>{describe(presets.error)}</ErrorAlert>;
  const items = presets.data.items.filter((p) => sourceType === 'video' || !recipeMakesPicture(p.recipe));
  // Presets that make sound may all make a picture too, which sound alone cannot fill.
  const message = presets.data.message ?? (items.length === 0 ? MESSAGES.noPresetsWithCapabilities : null);
  if (message !== null)
    return (
      <Alert color="yellow" title={t('subclip.title')}>
        {message
          .split('. ')
          .map((part) => specMessage(part))
          .join('. ')}
      </Alert>
    );
  const presetId = chosen ?? (items.find((p) => p.isDefault) ?? items[0])?.id ?? null;
  const ready = presetId !== null && inFrame !== null && outFrame !== null && outFrame > inFrame;
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('subclip.preset')}
          value={presetId}
          data={items.map((p) => ({ value: p.id, label: p.name }))}
          onChange={setChosen}
          allowDeselect={false}
          w={320}
        />
        <TextInput
          label={t('subclip.name')}
          placeholder={t('subclip.namePlaceholder')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
          }}
          w={280}
        />
        <Button
          disabled={!ready}
          loading={make.isPending}
          onClick={() => {
            if (presetId) make.mutate(presetId);
          }}
        >
          {t('subclip.make')}
        </Button>
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          {t('subclip.markFirst')}
        </Text>
      )}
      {make.isError && <ErrorAlert>{describe(make.error)}</ErrorAlert>}
      {make.isSuccess && (
        <Alert color="green" title={t('subclip.started')}>
          <Anchor component={Link} to={itemDetailsPath(make.data.item.id)}>
            {make.data.item.title}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
