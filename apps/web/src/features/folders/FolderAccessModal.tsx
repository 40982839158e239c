import { Modal, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import type { AccessKind, AccessLevel } from '@skald/domain';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '../../api/folders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useRestrictionGroupOptions } from '../users/useGroupOptions.ts';
import { accessOf, draftOf, isIncomplete, type AccessDraft } from './access.ts';
import { useFolderMutations } from './useFolderMutations.ts';

const LEVELS: readonly AccessLevel[] = ['tenant', 'owner', 'selected_groups'];

interface FolderAccessModalProps extends DialogProps {
  /** Kept while the modal closes. */
  folder: Folder | null;
}

/** Who sees a folder and who may change it. The server checks who may set which level and says why not. */
export function FolderAccessModal({
  opened,
  opening,
  folder,
  onClose,
  onExitTransitionEnd,
}: FolderAccessModalProps) {
  const { t } = useTranslation('folders');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={t('access.title', { name: folder?.name ?? '' })}
      centered
      size="lg"
    >
      {folder && <AccessForm key={opening} folder={folder} onClose={onClose} />}
    </Modal>
  );
}

function AccessForm({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { t } = useTranslation(['folders', 'messages']);
  const { describe, fieldMessage } = useErrorMessage();
  const [visibleTo, setVisibleTo] = useState(() => draftOf(folder.visibleTo));
  const [updatableBy, setUpdatableBy] = useState(() => draftOf(folder.updatableBy));
  const [checked, setChecked] = useState(false);
  const { update } = useFolderMutations();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (isIncomplete(visibleTo) || isIncomplete(updatableBy)) return;
    update.mutate(
      { id: folder.id, input: { visibleTo: accessOf(visibleTo), updatableBy: accessOf(updatableBy) } },
      {
        onSuccess: (saved) => {
          notifySuccess(t('access.saved', { name: saved.name }));
          onClose();
        },
      },
    );
  };

  const fieldError = (kind: AccessKind, draft: AccessDraft) =>
    (checked && isIncomplete(draft) ? t('messages:selectedGroupsEmpty') : undefined) ??
    (update.isError ? fieldMessage(update.error, kind) : undefined);
  const hasFieldError =
    update.isError && (fieldMessage(update.error, 'visibleTo') ?? fieldMessage(update.error, 'updatableBy'));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {update.isError && !hasFieldError && <ErrorAlert>{describe(update.error)}</ErrorAlert>}
        <AccessField
          kind="visibleTo"
          value={visibleTo}
          onChange={setVisibleTo}
          error={fieldError('visibleTo', visibleTo)}
        />
        <AccessField
          kind="updatableBy"
          value={updatableBy}
          onChange={setUpdatableBy}
          error={fieldError('updatableBy', updatableBy)}
        />
        <ModalFooter submitLabel={t('common:save')} submitting={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

interface AccessFieldProps {
  kind: AccessKind;
  value: AccessDraft;
  onChange: (draft: AccessDraft) => void;
  error: string | undefined;
}

function AccessField({ kind, value, onChange, error }: AccessFieldProps) {
  const { t } = useTranslation('folders');
  const options = useRestrictionGroupOptions();
  return (
    <Radio.Group
      label={t(`access.${kind}.label`)}
      description={t(`access.${kind}.description`)}
      value={value.level}
      onChange={(level) => {
        onChange({ ...value, level });
      }}
      error={value.level === 'selected_groups' ? undefined : error}
    >
      <Stack gap="xs" mt="xs">
        {LEVELS.map((level) => (
          <Radio key={level} value={level} label={t(`access.levels.${level}`)} />
        ))}
        {value.level === 'selected_groups' && (
          <MultiSelect
            label={t('access.groups')}
            data={options}
            value={value.groups}
            onChange={(groups) => {
              onChange({ ...value, groups });
            }}
            searchable
            clearable
            nothingFoundMessage={t('access.noGroups')}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {value.level === 'owner' && (
          <Text size="xs" c="dimmed">
            {t('access.ownerHint')}
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}
