import { Badge, Button, Group, Stack, Switch, Table, Title } from '@mantine/core';
import { formDeleteRefusal, type MetadataForm } from '@skald/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formsApi, optionListsApi, type OptionListDto } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { ExifMappingsPanel } from './ExifMappingsPanel.tsx';
import { FormEditorModal } from './FormEditorModal.tsx';
import { OptionListModal } from './OptionListModal.tsx';
import { useFormSchema } from './useFormSchema.ts';
import { useSpecMessage } from './useSpecMessage.ts';

type Dialog =
  | { kind: 'form'; form: MetadataForm | null }
  | { kind: 'deleteForm'; form: MetadataForm }
  | { kind: 'list'; list: OptionListDto | null }
  | { kind: 'deleteList'; list: OptionListDto };

/** Spec §2 "metadata form editor with option lists": /settings/forms. */
export function FormsSettingsPage() {
  const { t } = useTranslation('forms');
  const client = useQueryClient();
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const schema = useFormSchema();
  const dialogs = useDialogState<Dialog>();
  const formDialog = dialogs.of('form');
  const deleteForm = dialogs.of('deleteForm');
  const listDialog = dialogs.of('list');
  const deleteList = dialogs.of('deleteList');
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.forms });

  const toggle = useMutation({
    mutationFn: (form: MetadataForm) => formsApi.update(form.id, { active: !form.active }),
    onSuccess: () => refresh(),
    onError: (error) => {
      notifyError(describe(error));
    },
  });
  const removeForm = useMutation({
    mutationFn: (form: MetadataForm) => formsApi.remove(form.id),
    onSuccess: (_, form) => {
      notifySuccess(t('forms.deleted', { name: form.label }));
      dialogs.close();
      return refresh();
    },
  });
  const removeList = useMutation({
    mutationFn: (list: OptionListDto) => optionListsApi.remove(list.id),
    onSuccess: (_, list) => {
      notifySuccess(t('lists.deleted', { name: list.name }));
      dialogs.close();
      return refresh();
    },
  });

  if (schema.isPending) return <LoadingState />;
  if (schema.error) return <ErrorAlert>{describe(schema.error)}</ErrorAlert>;
  const { forms } = schema;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('forms.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            dialogs.open({ kind: 'form', form: null });
          }}
        >
          {t('forms.create')}
        </Button>
      </Group>
      <DataTable
        label={t('forms.title')}
        testId="forms-table"
        minWidth={640}
        columns={[t('forms.label'), t('forms.id'), t('forms.fields'), t('forms.active')]}
        actionsLabel={t('forms.actions')}
      >
        {forms.map((form) => {
          const refusal = formDeleteRefusal(form);
          return (
            <Table.Tr key={form.id}>
              <Table.Td>
                {form.label} {form.builtIn && <Badge variant="light">{t('forms.builtIn')}</Badge>}
              </Table.Td>
              <Table.Td ff="monospace">{form.id}</Table.Td>
              <Table.Td>{form.fields.length}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t('forms.activeNamed', { name: form.label })}
                  checked={form.active}
                  disabled={form.builtIn === 'common' || form.builtIn === 'folderDefault'}
                  onChange={() => {
                    toggle.mutate(form);
                  }}
                />
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction
                    label={t('forms.editNamed', { name: form.label })}
                    onClick={() => {
                      dialogs.open({ kind: 'form', form });
                    }}
                  />
                  <DeleteAction
                    label={t('forms.deleteNamed', { name: form.label })}
                    disabled={refusal !== null}
                    title={refusal === null ? undefined : specMessage(refusal)}
                    onClick={() => {
                      removeForm.reset();
                      dialogs.open({ kind: 'deleteForm', form });
                    }}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>

      <Group justify="space-between" mt="lg">
        <Title order={2} size="h4">
          {t('lists.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            dialogs.open({ kind: 'list', list: null });
          }}
        >
          {t('lists.create')}
        </Button>
      </Group>
      <DataTable
        label={t('lists.title')}
        testId="option-lists-table"
        minWidth={480}
        columns={[t('lists.name'), t('lists.kind'), t('lists.count')]}
        actionsLabel={t('forms.actions')}
      >
        {schema.optionListRows.map((list) => (
          <Table.Tr key={list.id}>
            <Table.Td>{list.name}</Table.Td>
            <Table.Td>{t(`lists.kinds.${list.kind}`)}</Table.Td>
            <Table.Td>{list.options.length}</Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction
                  label={t('lists.editNamed', { name: list.name })}
                  onClick={() => {
                    dialogs.open({ kind: 'list', list });
                  }}
                />
                <DeleteAction
                  label={t('lists.deleteNamed', { name: list.name })}
                  onClick={() => {
                    removeList.reset();
                    dialogs.open({ kind: 'deleteList', list });
                  }}
                />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>

      <ExifMappingsPanel forms={forms} />

      <FormEditorModal {...formDialog.props} form={formDialog.data?.form ?? null} />
      <OptionListModal {...listDialog.props} list={listDialog.data?.list ?? null} />
      <ConfirmDialog
        {...deleteForm.props}
        title={t('forms.deleteTitle')}
        message={t('forms.deleteMessage', { name: deleteForm.data?.form.label ?? '' })}
        confirmLabel={t('common:delete')}
        loading={removeForm.isPending}
        error={
          removeForm.isError
            ? describe(removeForm.error, { fallbackKey: 'messages:failedToDeleteForm' })
            : undefined
        }
        onConfirm={() => {
          if (deleteForm.data) removeForm.mutate(deleteForm.data.form);
        }}
      />
      <ConfirmDialog
        {...deleteList.props}
        title={t('lists.deleteTitle')}
        message={t('lists.deleteMessage', { name: deleteList.data?.list.name ?? '' })}
        confirmLabel={t('common:delete')}
        loading={removeList.isPending}
        error={removeList.isError ? describe(removeList.error) : undefined}
        onConfirm={() => {
          if (deleteList.data) removeList.mutate(deleteList.data.list);
        }}
      />
    </Stack>
  );
}
