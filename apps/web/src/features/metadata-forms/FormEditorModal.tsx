import {
  Button,
  ColorInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import {
  FORM_VISIBILITY_LEVELS,
  newField,
  newForm,
  validateForm,
  validateUsageRuleGroups,
  type FormField,
  type FormFieldError,
  type MetadataForm,
} from '@skald/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { isApiError } from '../../api/errors.ts';
import { formsApi } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FieldEditor } from './FieldEditor.tsx';
import { FORM_ICONS, FormIcon } from './formIcons.tsx';
import { UsageRulesEditor } from './UsageRulesEditor.tsx';
import { ViewsEditor } from './ViewsEditor.tsx';
import { useFormSchema } from './useFormSchema.ts';
import { useSpecMessage } from './useSpecMessage.ts';

/** Creates (form null) or edits a metadata form: its settings and its fields. */
export function FormEditorModal({ form, ...dialog }: DialogProps & { form: MetadataForm | null }) {
  const { t } = useTranslation('forms');
  return (
    <Modal
      opened={dialog.opened}
      onClose={dialog.onClose}
      onExitTransitionEnd={dialog.onExitTransitionEnd}
      title={form ? t('editor.editTitle', { name: form.label }) : t('editor.createTitle')}
      size="xl"
      centered
    >
      <FormEditor key={dialog.opening} saved={form} onClose={dialog.onClose} />
    </Modal>
  );
}

const ALL_GROUPS = { from: 0, itemsPerPage: 500 };

function FormEditor({ saved, onClose }: { saved: MetadataForm | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const client = useQueryClient();
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const schema = useFormSchema();
  const groups = useQuery({
    queryKey: queryKeys.groupList({ ...ALL_GROUPS, search: '' }),
    queryFn: ({ signal }) => groupsApi.list({ ...ALL_GROUPS, search: '' }, signal),
  });
  const groupOptions = (groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }));
  const [draft, setDraft] = useState<MetadataForm>(saved ?? newForm('', ''));
  const [errors, setErrors] = useState<FormFieldError[]>([]);
  const set = (change: Partial<MetadataForm>) => {
    setDraft((d) => ({ ...d, ...change }));
  };
  const errorAt = (path: string) => {
    const found = errors.find((e) => e.field === path);
    return found ? specMessage(found.message) : null;
  };

  const save = useMutation({
    // The form is sent whole; the server ignores its built-in kind, which is the product's to set.
    mutationFn: (form: MetadataForm) => (saved ? formsApi.update(saved.id, form) : formsApi.create(form)),
    onSuccess: (form) => {
      void client.invalidateQueries({ queryKey: queryKeys.forms });
      notifySuccess(t('editor.saved', { name: form.label }));
      onClose();
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.details);
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const others = schema.forms.filter((f) => f.id !== saved?.id);
    const found = [
      ...validateForm(draft, { others, saved, lists: schema.lists }),
      ...validateUsageRuleGroups(draft.usageRules),
    ];
    setErrors(found);
    if (found.length === 0) save.mutate(draft);
  };

  const setField = (index: number, field: FormField) => {
    set({ fields: draft.fields.map((f, i) => (i === index ? field : f)) });
  };
  const level = draft.visibleTo.level;
  const unplaced = errors.filter(
    (e) =>
      !/^(label|id|keyboardShortcut|active|visibleTo|duration|fields\.\d+\.|views\.\w+\.|usageRules\.\d+\.)/.test(
        e.field,
      ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && errors.length === 0 && (
          <ErrorAlert>
            {describe(save.error, {
              fallbackKey: saved ? 'forms:editor.saveFailed' : 'messages:failedToCreateForm',
            })}
          </ErrorAlert>
        )}
        {unplaced.map((e) => (
          <ErrorAlert key={`${e.field}:${e.message}`}>{specMessage(e.message)}</ErrorAlert>
        ))}
        <SimpleGrid cols={2}>
          <TextInput
            label={t('editor.label')}
            value={draft.label}
            onChange={(e) => {
              set({ label: e.currentTarget.value });
            }}
            error={errorAt('label')}
            required
            data-autofocus
          />
          <TextInput
            label={t('editor.id')}
            description={t('editor.idHint')}
            value={draft.id}
            disabled={saved !== null}
            onChange={(e) => {
              set({ id: e.currentTarget.value });
            }}
            error={errorAt('id')}
            required
          />
          <TextInput
            label={t('editor.shortcut')}
            description={t('editor.shortcutHint')}
            value={draft.keyboardShortcut ?? ''}
            onChange={(e) => {
              set({ keyboardShortcut: e.currentTarget.value === '' ? null : e.currentTarget.value });
            }}
            error={errorAt('keyboardShortcut')}
          />
          <ColorInput
            label={t('editor.color')}
            withEyeDropper={false}
            value={draft.color ?? ''}
            onChange={(color) => {
              set({ color: color === '' ? null : color });
            }}
          />
          <Select
            label={t('editor.icon')}
            clearable
            data={Object.keys(FORM_ICONS).map((name) => ({ value: name, label: t(`icons.${name}`) }))}
            value={draft.icon}
            leftSection={<FormIcon name={draft.icon} />}
            onChange={(icon) => {
              set({ icon });
            }}
          />
          <NumberInput
            label={t('editor.duration')}
            description={t('editor.durationHint')}
            min={0}
            max={86_400}
            value={draft.duration ?? ''}
            onChange={(v) => {
              set({ duration: typeof v === 'number' ? v : null });
            }}
            error={errorAt('duration')}
          />
          <Select
            label={t('editor.visibleTo')}
            data={FORM_VISIBILITY_LEVELS.map((l) => ({ value: l, label: t(`visibility.${l}`) }))}
            value={level}
            allowDeselect={false}
            onChange={(v) => {
              if (v) set({ visibleTo: { level: v, groupIds: draft.visibleTo.groupIds } });
            }}
          />
          {level === 'selected_groups' && (
            <MultiSelect
              label={t('editor.groups')}
              data={groupOptions}
              value={[...draft.visibleTo.groupIds]}
              onChange={(groupIds) => {
                set({ visibleTo: { level, groupIds } });
              }}
              error={errorAt('visibleTo.groupIds')}
            />
          )}
        </SimpleGrid>
        <Group>
          <Switch
            label={t('editor.active')}
            checked={draft.active}
            onChange={(e) => {
              set({ active: e.currentTarget.checked });
            }}
            error={errorAt('active')}
          />
          <Switch
            label={t('editor.isSubtype')}
            description={t('editor.isSubtypeHint')}
            checked={draft.isSubtype}
            onChange={(e) => {
              set({ isSubtype: e.currentTarget.checked });
            }}
          />
        </Group>
        <Title order={3} size="h6">
          {t('editor.fields')}
        </Title>
        {draft.fields.map((field, index) => (
          <FieldEditor
            key={index}
            index={index}
            field={field}
            saved={saved?.fields.some((f) => f.fieldId === field.fieldId) ?? false}
            lists={schema.optionListRows}
            groups={groupOptions}
            errorOf={(key) => errorAt(`fields.${String(index)}.${key}`)}
            onChange={(f) => {
              setField(index, f);
            }}
            onRemove={() => {
              set({ fields: draft.fields.filter((_, i) => i !== index) });
            }}
          />
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              set({ fields: [...draft.fields, newField('', '', 'Text')] });
            }}
          >
            {t('editor.addField')}
          </Button>
        </Group>
        <Title order={3} size="h6">
          {t('views.title')}
        </Title>
        <ViewsEditor
          form={draft}
          lists={schema.lists}
          onChange={(views) => {
            set({ views });
          }}
          errorAt={errorAt}
        />
        <UsageRulesEditor
          groups={draft.usageRules}
          onChange={(usageRules) => {
            set({ usageRules });
          }}
          errorAt={errorAt}
        />
        <ModalFooter submitLabel={t('common:save')} submitting={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
