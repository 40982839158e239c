import { MultiSelect, Radio, Stack, Text } from '@mantine/core';
import type { Access, AccessKind, AccessLevel } from '@skald/domain';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useRestrictionGroupOptions } from '../users/useGroupOptions.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { accessOf, draftOf, isIncomplete, type AccessDraft } from './accessDraft.ts';

const LEVELS: readonly AccessLevel[] = ['tenant', 'owner', 'selected_groups'];

/** The two lists of a folder or an item, as read and as sent. */
export interface AccessInput {
  visibleTo: Access | null;
  updatableBy: Access | null;
}

interface AccessFormProps {
  current: AccessInput;
  /** What each list governs on this kind of thing (a folder, an item). */
  descriptions: Readonly<Record<AccessKind, string>>;
  saving: boolean;
  /** The last refusal, or null. */
  error: unknown;
  onSubmit: (input: AccessInput) => void;
  onCancel: () => void;
}

/**
 * Visible-to and updatable-by of a folder or an item. The server checks who may set which level
 * (the domain's validateAccessChange) and says why not: a field's 400 shows under that field,
 * anything else (the spec's 403 refusals) above the form.
 */
export function AccessForm({ current, descriptions, saving, error, onSubmit, onCancel }: AccessFormProps) {
  const { t } = useTranslation(['common', 'messages']);
  const { describe, fieldMessage } = useErrorMessage();
  const [visibleTo, setVisibleTo] = useState(() => draftOf(current.visibleTo));
  const [updatableBy, setUpdatableBy] = useState(() => draftOf(current.updatableBy));
  const [checked, setChecked] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (isIncomplete(visibleTo) || isIncomplete(updatableBy)) return;
    onSubmit({ visibleTo: accessOf(visibleTo), updatableBy: accessOf(updatableBy) });
  };

  const failed = error !== null && error !== undefined;
  const fieldError = (kind: AccessKind, draft: AccessDraft) =>
    (checked && isIncomplete(draft) ? t('messages:selectedGroupsEmpty') : undefined) ??
    (failed ? fieldMessage(error, kind) : undefined);
  const hasFieldError = failed && (fieldMessage(error, 'visibleTo') ?? fieldMessage(error, 'updatableBy'));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failed && !hasFieldError && <ErrorAlert>{describe(error)}</ErrorAlert>}
        <AccessField
          kind="visibleTo"
          description={descriptions.visibleTo}
          value={visibleTo}
          onChange={setVisibleTo}
          error={fieldError('visibleTo', visibleTo)}
        />
        <AccessField
          kind="updatableBy"
          description={descriptions.updatableBy}
          value={updatableBy}
          onChange={setUpdatableBy}
          error={fieldError('updatableBy', updatableBy)}
        />
        <ModalFooter submitLabel={t('common:save')} submitting={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

interface AccessFieldProps {
  kind: AccessKind;
  description: string;
  value: AccessDraft;
  onChange: (draft: AccessDraft) => void;
  error: string | undefined;
}

function AccessField({ kind, description, value, onChange, error }: AccessFieldProps) {
  // The levels' words were first written for folders; items use the same ones.
  const { t } = useTranslation('folders');
  const options = useRestrictionGroupOptions();
  return (
    <Radio.Group
      label={t(`access.${kind}.label`)}
      description={description}
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
