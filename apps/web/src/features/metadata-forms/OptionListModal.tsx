import { Modal, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { OPTION_LIST_KINDS, type OptionListKind } from '@skald/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { optionListsApi, type OptionListDto, type OptionListInput } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { optionsToText, parseOptionsText } from './optionsText.ts';

/** Creates (list null) or edits an option list: its name, kind and options, one a line. */
export function OptionListModal({ list, ...dialog }: DialogProps & { list: OptionListDto | null }) {
  const { t } = useTranslation('forms');
  return (
    <Modal
      opened={dialog.opened}
      onClose={dialog.onClose}
      onExitTransitionEnd={dialog.onExitTransitionEnd}
      title={list ? t('lists.editTitle', { name: list.name }) : t('lists.createTitle')}
      size="lg"
      centered
    >
      <OptionListForm key={dialog.opening} list={list} onClose={dialog.onClose} />
    </Modal>
  );
}

function OptionListForm({ list, onClose }: { list: OptionListDto | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [name, setName] = useState(list?.name ?? '');
  const [kind, setKind] = useState<OptionListKind>(list?.kind ?? 'flat');
  const [text, setText] = useState(list ? optionsToText(list.options) : '');
  const [optionsError, setOptionsError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: OptionListInput) =>
      list ? optionListsApi.update(list.id, input) : optionListsApi.create(input),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.forms });
      notifySuccess(t('lists.saved', { name: saved.name }));
      onClose();
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseOptionsText(text);
    if (!parsed.ok) {
      setOptionsError(t('lists.badLine', { line: parsed.line }));
      return;
    }
    setOptionsError(null);
    save.mutate({ name: name.trim(), kind, options: parsed.options });
  };

  const nameError = fieldMessage(save.error, 'name');
  const serverOptionsError = fieldMessage(save.error, 'options');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !nameError && !serverOptionsError && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        <TextInput
          label={t('lists.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
          }}
          error={nameError}
          required
          data-autofocus
        />
        <SegmentedControl
          aria-label={t('lists.kind')}
          value={kind}
          onChange={(v) => {
            setKind(v);
          }}
          data={OPTION_LIST_KINDS.map((k) => ({ value: k, label: t(`lists.kinds.${k}`) }))}
        />
        <Textarea
          label={t('lists.options')}
          description={kind === 'tree' ? t('lists.treeHint') : t('lists.flatHint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
          }}
          error={optionsError ?? serverOptionsError}
          autosize
          minRows={5}
          maxRows={16}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <ModalFooter submitLabel={t('common:save')} submitting={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
