import { Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import {
  FORM_VIEWS,
  formView,
  type FieldValue,
  type FormViewName,
  type MetadataForm,
  type OptionLists,
  type ViewFieldSetting,
} from '@skald/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput.tsx';

interface ViewsEditorProps {
  form: MetadataForm;
  lists: OptionLists;
  onChange: (views: MetadataForm['views']) => void;
  errorAt: (path: string) => string | null;
}

const unset: ViewFieldSetting = { visible: true, label: null, defaultValue: null };

/**
 * Spec §3 views: per screen, each field's visibility, label and default value. A screen without a
 * view of its own shows the item view (a subtype gets a copy of it when saved); changing one makes
 * it its own, starting from what it showed.
 */
export function ViewsEditor({ form, lists, onChange, errorAt }: ViewsEditorProps) {
  const { t } = useTranslation('forms');
  const [view, setView] = useState<FormViewName>('item');
  const own = form.views[view] !== undefined;
  const shown = formView(form, view);
  const setField = (fieldId: string, change: Partial<ViewFieldSetting>) => {
    const base = { ...shown };
    base[fieldId] = { ...unset, ...base[fieldId], ...change };
    onChange({ ...form.views, [view]: base });
  };
  const fields = form.fields.filter((f) => f.fieldId !== '');
  return (
    <Stack gap="xs" data-testid="views-editor">
      <Group align="flex-end">
        <Select
          label={t('views.screen')}
          data={FORM_VIEWS.map((v) => ({ value: v, label: t(`views.names.${v}`) }))}
          value={view}
          allowDeselect={false}
          onChange={(v) => {
            if (v) setView(v);
          }}
        />
        <Text size="xs" c="dimmed" pb={8}>
          {own || view === 'item' ? t('views.own') : t('views.fromItem')}
        </Text>
      </Group>
      {fields.length === 0 ? (
        <Text size="sm">{t('views.noFields')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('views.tableLabel', { view: t(`views.names.${view}`) })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('views.field')}</Table.Th>
                <Table.Th>{t('views.visible')}</Table.Th>
                <Table.Th>{t('views.label')}</Table.Th>
                <Table.Th>{t('views.defaultValue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => {
                const setting = { ...unset, ...shown[field.fieldId] };
                const name = field.label || field.fieldId;
                return (
                  <Table.Tr key={field.fieldId}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('views.visibleNamed', { name })}
                        checked={setting.visible}
                        onChange={(e) => {
                          setField(field.fieldId, { visible: e.currentTarget.checked });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('views.labelNamed', { name })}
                        placeholder={field.label}
                        value={setting.label ?? ''}
                        onChange={(e) => {
                          setField(field.fieldId, { label: e.currentTarget.value || null });
                        }}
                        error={errorAt(`views.${view}.${field.fieldId}`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {field.type !== 'Button' && field.type !== 'JSON' && (
                        <FieldInput
                          field={{ ...field, required: false }}
                          label={t('views.defaultNamed', { name })}
                          value={setting.defaultValue}
                          onChange={(value: FieldValue) => {
                            setField(field.fieldId, { defaultValue: value });
                          }}
                          lists={lists}
                          disabled={false}
                          error={null}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
