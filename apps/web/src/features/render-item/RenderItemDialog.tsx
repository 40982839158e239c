import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Item } from '../../api/items.ts';
import { rendersApi } from '../../api/renders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccessWithLink } from '../../components/notifyWithLink.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { PresetPicker, wholePresets } from '../cutter/PresetPicker.tsx';
import { RightsDialog, useRightsQuestion } from '../cutter/RightsDialog.tsx';

interface RenderItemDialogProps {
  item: Item;
  sourceType: 'video' | 'audio';
  onClose: () => void;
}

/**
 * All of the item through a preset into a new item beside it (POST /items/{id}/renders): the
 * presets with the item's kind of media, re-wraps among them; asks first when the item is outside
 * its usage rights; a notification links to the new item.
 */
export function RenderItemDialog({ item, sourceType, onClose }: RenderItemDialogProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const rights = useRightsQuestion();
  const [title, setTitle] = useState('');
  const render = useMutation({
    mutationFn: ({ presetId, confirmRights }: { presetId: string; confirmRights: boolean }) =>
      rendersApi.whole(item.id, {
        presetId,
        confirmRights,
        ...(title.trim() ? { title: title.trim() } : {}),
      }),
    onSuccess: ({ item: made }) => {
      rights.clear();
      notifySuccessWithLink(
        t('render.started', { title: made.title }),
        { label: t('render.openItem'), to: itemDetailsPath(made.id) },
        navigate,
      );
      onClose();
    },
    onError: rights.ask,
  });

  return (
    <Modal opened onClose={onClose} title={t('render.title')} size="lg" centered>
      <PresetPicker {...wholePresets(sourceType)} title={t('render.title')} label={t('render.preset')}>
        {({ presetId, select }) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (presetId) render.mutate({ presetId, confirmRights: false });
            }}
            noValidate
          >
            <Stack>
              <Text size="sm">{t('render.hint', { title: item.title })}</Text>
              {select}
              <TextInput
                label={t('render.name')}
                description={t('render.nameHint')}
                value={title}
                maxLength={500}
                onChange={(e) => {
                  setTitle(e.currentTarget.value);
                }}
              />
              {render.isError && rights.question === null && (
                <ErrorAlert>{describe(render.error)}</ErrorAlert>
              )}
              <ModalFooter
                submitLabel={t('render.submit')}
                submitting={render.isPending}
                onCancel={onClose}
              />
            </Stack>
            <RightsDialog
              question={rights.question}
              loading={render.isPending}
              onConfirm={() => {
                if (presetId) render.mutate({ presetId, confirmRights: true });
              }}
              onClose={rights.clear}
            />
          </form>
        )}
      </PresetPicker>
    </Modal>
  );
}
