import { Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Item } from '../../api/items.ts';
import { placeholdersApi } from '../../api/placeholders.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccessWithLink } from '../../components/notifyWithLink.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useFillablePlaceholders } from '../placeholders/useFillablePlaceholders.ts';
import { PlaceholderChoice } from './PlaceholderChoice.tsx';
import { PresetPicker, rangePresets } from './PresetPicker.tsx';
import { RightsDialog, useRightsQuestion } from './RightsDialog.tsx';

/** The cutter's marked range of its source. */
export interface MarkedRange {
  sourceItemId: string;
  sourceType: 'video' | 'audio';
  inFrame: number;
  outFrame: number;
  /** The range in the source's timecode, as the cutter shows it. */
  label: string;
}

interface RenderIntoPlaceholderDialogProps {
  opened: boolean;
  onClose: () => void;
  range: MarkedRange;
  onStarted: (placeholder: Item) => void;
}

type Send = { placeholder: Item; presetId: string; confirmRights: boolean };

/**
 * Spec §4 central render request: the marked range rendered through a preset into a placeholder
 * the caller may fill, found by a search; its file becomes the placeholder's media. Asks first when
 * the source is outside its usage rights.
 */
export function RenderIntoPlaceholderDialog({
  opened,
  onClose,
  range,
  onStarted,
}: RenderIntoPlaceholderDialogProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const rights = useRightsQuestion();
  const [text, setText] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const found = useFillablePlaceholders(text, opened);
  const chosen = found.data?.find((p) => p.id === chosenId) ?? null;
  const request = useMutation({
    mutationFn: ({ placeholder, presetId, confirmRights }: Send) =>
      placeholdersApi.requestRender(placeholder.id, {
        sourceItemId: range.sourceItemId,
        presetId,
        inFrame: range.inFrame,
        outFrame: range.outFrame,
        confirmRights,
      }),
    onSuccess: ({ item }) => {
      rights.clear();
      setTouched(false);
      setChosenId(null);
      // Read again rather than kept: the render's first events may come before this answer.
      void client.invalidateQueries({ queryKey: queryKeys.item(item.id) });
      void client.invalidateQueries({ queryKey: queryKeys.placeholders });
      notifySuccessWithLink(
        t('placeholder.startedIn', { title: item.title }),
        { label: t('placeholder.openPlaceholder'), to: itemDetailsPath(item.id) },
        navigate,
      );
      onStarted(item);
      onClose();
    },
    onError: rights.ask,
  });
  const close = () => {
    request.reset();
    rights.clear();
    onClose();
  };
  const send = (presetId: string | null, confirmRights: boolean) => {
    setTouched(true);
    if (chosen && presetId) request.mutate({ placeholder: chosen, presetId, confirmRights });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('placeholder.title')} size="lg" centered>
      <PresetPicker
        {...rangePresets(range.sourceType)}
        title={t('placeholder.title')}
        label={t('placeholder.preset')}
      >
        {({ presetId, select }) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send(presetId, false);
            }}
            noValidate
          >
            <Stack>
              <Text size="sm">{t('placeholder.hint', { range: range.label })}</Text>
              <SearchField label={t('placeholder.search')} value={text} onChange={setText} autoFocus />
              <PlaceholderChoice
                found={found}
                value={chosen?.id ?? null}
                onChange={setChosenId}
                error={touched && !chosen ? t('placeholder.choose') : undefined}
              />
              {select}
              {request.isError && rights.question === null && (
                <ErrorAlert>{describe(request.error)}</ErrorAlert>
              )}
              <ModalFooter
                submitLabel={t('placeholder.submit')}
                submitting={request.isPending}
                onCancel={close}
              />
            </Stack>
            <RightsDialog
              question={rights.question}
              loading={request.isPending}
              onConfirm={() => {
                send(presetId, true);
              }}
              onClose={rights.clear}
            />
          </form>
        )}
      </PresetPicker>
    </Modal>
  );
}
