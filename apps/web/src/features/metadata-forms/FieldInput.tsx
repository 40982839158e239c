import {
  ActionIcon,
  Button,
  Checkbox,
  JsonInput,
  MultiSelect,
  Select,
  TextInput,
  Textarea,
  TreeSelect,
} from '@mantine/core';
import {
  buttonUrl,
  choiceAlternatives,
  isFileUrl,
  treeAlternatives,
  type FieldValue,
  type FormField,
  type OptionLists,
} from '@skald/domain';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';
import { treeSelectData } from './treeData.ts';

export interface FieldInputProps {
  field: FormField;
  label: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  lists: OptionLists;
  disabled: boolean;
  error: string | null;
  /** The item the form is of (a Button opens its address for it); none before the item exists. */
  itemId?: string | undefined;
}

const text = (value: FieldValue) => (typeof value === 'string' ? value : '');

/** The Mantine input for a field's type (spec §3's ten), labelled with the view's label. */
export function FieldInput({
  field,
  label,
  value,
  onChange,
  lists,
  disabled,
  error,
  itemId,
}: FieldInputProps) {
  const { t } = useTranslation('forms');
  const common = { label, disabled, error, required: field.required, 'data-field': field.fieldId };
  switch (field.type) {
    case 'File':
      // The address of a file kept elsewhere (a release form, a contract), opened in a new tab.
      return (
        <TextInput
          {...common}
          type="url"
          placeholder="https://"
          value={text(value)}
          onChange={(e) => {
            onChange(e.currentTarget.value);
          }}
          rightSection={
            isFileUrl(value) ? (
              <ActionIcon
                component="a"
                href={value}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                aria-label={t('item.openFile', { name: label })}
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            ) : null
          }
        />
      );
    case 'Text':
    case 'SubType':
      return (field.maxLines ?? 1) > 1 ? (
        <Textarea
          {...common}
          autosize
          minRows={field.minLines ?? 1}
          maxRows={field.maxLines ?? 1}
          value={text(value)}
          onChange={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      ) : (
        <TextInput
          {...common}
          value={text(value)}
          onChange={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      );
    case 'Choice':
      return (
        <Select
          {...common}
          clearable
          data={choiceAlternatives(field, lists).map((a) => ({ value: a.value, label: a.label }))}
          value={text(value) || null}
          onChange={(v) => {
            onChange(v);
          }}
        />
      );
    case 'MultipleChoice':
      return (
        <MultiSelect
          {...common}
          clearable
          data={choiceAlternatives(field, lists).map((a) => ({ value: a.value, label: a.label }))}
          value={Array.isArray(value) ? [...(value as readonly string[])] : []}
          onChange={(v) => {
            onChange(v);
          }}
        />
      );
    case 'TreeChoice':
      return (
        <TreeSelect
          {...common}
          clearable
          searchable
          data={treeSelectData(treeAlternatives(field, lists))}
          value={text(value) || null}
          onChange={(v) => {
            onChange(v);
          }}
        />
      );
    case 'Checkbox':
      return (
        <Checkbox
          label={label}
          disabled={disabled}
          error={error}
          data-field={field.fieldId}
          checked={value === true}
          onChange={(e) => {
            onChange(e.currentTarget.checked);
          }}
        />
      );
    case 'Date':
      return (
        <LocalisedDatePickerInput
          {...common}
          clearable
          valueFormat="L"
          value={text(value) || null}
          onChange={(v) => {
            onChange(v);
          }}
        />
      );
    case 'JSON':
      return (
        <JsonInput
          {...common}
          autosize
          minRows={2}
          formatOnBlur
          validationError={t('item.invalidJson')}
          value={typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value, null, 2)}
          onChange={(v) => {
            onChange(v);
          }}
        />
      );
    case 'Button': {
      // Opens its address (another system's page) for the item; it holds no value.
      const href = itemId === undefined ? null : buttonUrl(field, itemId);
      return href === null ? null : (
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          rightSection={<IconExternalLink size={16} />}
          data-field={field.fieldId}
          style={{ alignSelf: 'end' }}
        >
          {label}
        </Button>
      );
    }
  }
}
