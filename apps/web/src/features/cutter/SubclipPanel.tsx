import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rendersApi } from '../../api/renders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { PresetPicker, rangePresets } from './PresetPicker.tsx';
import { RightsDialog, useRightsQuestion } from './RightsDialog.tsx';

interface SubclipPanelProps {
  itemId: string;
  /** Sound is rendered only through presets that make sound and no picture. */
  sourceType: 'video' | 'audio';
  inFrame: number | null;
  outFrame: number | null;
}

/**
 * The marked range through a preset into a new item (spec §6 analytics.subclip): asks first when
 * the source is outside its usage rights, and renders all the same when confirmed.
 */
export function SubclipPanel({ itemId, sourceType, inFrame, outFrame }: SubclipPanelProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const rights = useRightsQuestion();
  const [title, setTitle] = useState('');
  const make = useMutation({
    mutationFn: ({ presetId, confirmRights }: { presetId: string; confirmRights: boolean }) =>
      rendersApi.subclip(itemId, {
        presetId,
        inFrame: inFrame ?? 0,
        outFrame: outFrame ?? 0,
        confirmRights,
        ...(title.trim() ? { title: title.trim() } : {}),
      }),
    onSuccess: rights.clear,
    onError: rights.ask,
  });

  return (
    <PresetPicker {...rangePresets(sourceType)} title={t('subclip.title')} label={t('subclip.preset')}>
      {({ presetId, select }) => {
        const ready = presetId !== null && inFrame !== null && outFrame !== null && outFrame > inFrame;
        return (
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              {select}
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
                  if (presetId) make.mutate({ presetId, confirmRights: false });
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
            {make.isError && rights.question === null && <ErrorAlert>{describe(make.error)}</ErrorAlert>}
            {make.isSuccess && (
              <Alert color="green" title={t('subclip.started')}>
                <Anchor component={Link} to={itemDetailsPath(make.data.item.id)}>
                  {make.data.item.title}
                </Anchor>
              </Alert>
            )}
            <RightsDialog
              question={rights.question}
              loading={make.isPending}
              onConfirm={() => {
                if (presetId) make.mutate({ presetId, confirmRights: true });
              }}
              onClose={rights.clear}
            />
          </Stack>
        );
      }}
    </PresetPicker>
  );
}
