import {
  ActionIcon,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { FIELD_TYPES, type FieldType, type FormField } from '@skald/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OptionListDto } from '../../api/forms.ts';
import { alternativesToText, optionsToText, parseOptionsText } from './optionsText.ts';

interface FieldEditorProps {
  index: number;
  field: FormField;
  /** A field the stored form has: its type is fixed (spec §5). */
  saved: boolean;
  lists: readonly OptionListDto[];
  groups: { value: string; label: string }[];
  errorOf: (key: string) => string | null;
  onChange: (field: FormField) => void;
  onRemove: () => void;
}

const CHOICES: readonly FieldType[] = ['Choice', 'MultipleChoice'];

/** One field of the form editor: its id, label, type and the settings its type has. */
export function FieldEditor({
  index,
  field,
  saved,
  lists,
  groups,
  errorOf,
  onChange,
  onRemove,
}: FieldEditorProps) {
  const { t } = useTranslation('forms');
  const set = (change: Partial<FormField>) => {
    onChange({ ...field, ...change });
  };
  const isTree = field.type === 'TreeChoice';
  const hasOptions = isTree || CHOICES.includes(field.type);
  const kind = isTree ? 'tree' : 'flat';
  const flag = (key: 'required' | 'readOnly' | 'sortable') => (
    <Checkbox
      label={t(`editor.field.${key}`)}
      checked={field[key]}
      onChange={(e) => {
        set({ [key]: e.currentTarget.checked });
      }}
    />
  );
  const groupsOf = (key: 'userCanRead' | 'userCanWrite') => (
    <MultiSelect
      label={t(`editor.field.${key}`)}
      placeholder={field[key] === null ? t('editor.field.everyone') : undefined}
      data={groups}
      value={[...(field[key] ?? [])]}
      onChange={(v) => {
        set({ [key]: v.length === 0 ? null : v });
      }}
      clearable
    />
  );
  return (
    <Paper withBorder p="sm" data-testid={`field-editor-${String(index)}`}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap">
          <SimpleGrid cols={3} style={{ flex: 1 }}>
            <TextInput
              label={t('editor.field.fieldId')}
              value={field.fieldId}
              disabled={saved}
              onChange={(e) => {
                set({ fieldId: e.currentTarget.value });
              }}
              error={errorOf('fieldId')}
              required
            />
            <TextInput
              label={t('editor.field.label')}
              value={field.label}
              onChange={(e) => {
                set({ label: e.currentTarget.value });
              }}
              required
            />
            <Select
              label={t('editor.field.type')}
              data={FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              value={field.type}
              disabled={saved}
              allowDeselect={false}
              onChange={(v) => {
                if (v) set({ type: v, defaultValue: v === 'Checkbox' ? false : null });
              }}
              error={errorOf('type')}
            />
          </SimpleGrid>
          <Tooltip
            label={field.systemDefaultField ? t('editor.field.systemField') : t('editor.field.remove')}
          >
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('editor.field.removeNamed', { name: field.label || field.fieldId })}
              disabled={field.systemDefaultField}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group>
          {flag('required')}
          {flag('readOnly')}
          {flag('sortable')}
        </Group>
        {errorOf('required') && (
          <div
            role="alert"
            style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}
          >
            {errorOf('required')}
          </div>
        )}
        <SimpleGrid cols={2}>
          {groupsOf('userCanRead')}
          {groupsOf('userCanWrite')}
        </SimpleGrid>
        {field.type === 'Text' && (
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('editor.field.minLines')}
              value={field.minLines ?? ''}
              onChange={(v) => {
                set({ minLines: typeof v === 'number' ? v : null });
              }}
              error={errorOf('lines')}
            />
            <NumberInput
              label={t('editor.field.maxLines')}
              value={field.maxLines ?? ''}
              onChange={(v) => {
                set({ maxLines: typeof v === 'number' ? v : null });
              }}
            />
          </SimpleGrid>
        )}
        {hasOptions && (
          <>
            <Select
              label={t('editor.field.optionList')}
              placeholder={t('editor.field.inlineOptions')}
              clearable
              data={lists.filter((l) => l.kind === kind).map((l) => ({ value: l.id, label: l.name }))}
              value={field.optionListId}
              onChange={(v) => {
                set({ optionListId: v });
              }}
              error={errorOf('optionListId')}
            />
            {field.optionListId === null && (
              <Textarea
                label={t('editor.field.alternatives')}
                description={isTree ? t('lists.treeHint') : t('lists.flatHint')}
                defaultValue={
                  isTree ? optionsToText(field.treeAlternatives) : alternativesToText(field.alternatives)
                }
                onChange={(e) => {
                  const parsed = parseOptionsText(e.currentTarget.value);
                  if (!parsed.ok) return;
                  if (isTree) set({ treeAlternatives: parsed.options });
                  else set({ alternatives: parsed.options.map(({ value, label }) => ({ value, label })) });
                }}
                autosize
                minRows={3}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            )}
          </>
        )}
        <SimpleGrid cols={2}>
          {field.type !== 'Checkbox' && field.type !== 'JSON' && field.type !== 'MultipleChoice' && (
            <TextInput
              label={t(field.type === 'Button' ? 'editor.field.buttonUrl' : 'editor.field.defaultValue')}
              description={field.type === 'Button' ? t('editor.field.buttonUrlHint') : undefined}
              value={typeof field.defaultValue === 'string' ? field.defaultValue : ''}
              onChange={(e) => {
                set({ defaultValue: e.currentTarget.value === '' ? null : e.currentTarget.value });
              }}
              error={errorOf('defaultValue')}
            />
          )}
          <TextInput
            label={t('editor.field.shortcut')}
            value={field.keyboardShortcut ?? ''}
            onChange={(e) => {
              set({ keyboardShortcut: e.currentTarget.value === '' ? null : e.currentTarget.value });
            }}
            error={errorOf('keyboardShortcut')}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
