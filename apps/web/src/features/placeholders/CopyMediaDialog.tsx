import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys.ts';
import { placeholdersApi } from '../../api/placeholders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemIdIn } from './placeholderRules.ts';

interface CopyMediaDialogProps {
  itemId: string;
  opened: boolean;
  onClose: () => void;
}

/** Spec §4 merge: another item's media copied into this placeholder (item.copyMedia). */
export function CopyMediaDialog({ itemId, opened, onClose }: CopyMediaDialogProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [source, setSource] = useState('');
  const [touched, setTouched] = useState(false);
  const copy = useMutation({
    mutationFn: (sourceItemId: string) => placeholdersApi.copyMedia(itemId, sourceItemId),
    onSuccess: (item) => {
      client.setQueryData(queryKeys.item(itemId), item);
      notifySuccess(t('placeholder.copyStarted'));
      onClose();
    },
  });
  const sourceId = itemIdIn(source);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (sourceId) copy.mutate(sourceId);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('placeholder.copyTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('placeholder.copyHint')}</Text>
          <TextInput
            label={t('placeholder.copySource')}
            value={source}
            onChange={(e) => {
              setSource(e.currentTarget.value);
            }}
            error={touched && !sourceId ? t('placeholder.copySourceInvalid') : undefined}
            required
            data-autofocus
          />
          {copy.error && <ErrorAlert>{describe(copy.error)}</ErrorAlert>}
          <ModalFooter
            submitLabel={t('placeholder.copySubmit')}
            submitting={copy.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
