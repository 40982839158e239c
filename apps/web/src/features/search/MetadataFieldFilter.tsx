import { Button, SegmentedControl, Select, Stack, Text, TextInput, TreeSelect } from '@mantine/core';
import {
  choiceAlternatives,
  fieldFilterTerms,
  treeAlternatives,
  type FieldFilter,
  type FormField,
  type OptionLists,
} from '@skald/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';
import { treeSelectData } from '../metadata-forms/treeData.ts';
import { useSearchViewFields } from './useSearchViewFields.ts';

const FILTERABLE = new Set(['Text', 'Choice', 'MultipleChoice', 'TreeChoice', 'Checkbox', 'Date']);

/**
 * Issue 12 §3: a form field and a value to search by, added to the search as the query language's
 * `fieldId:value` (or a date range), so the search box shows what is searched and it can be edited.
 */
export function MetadataFieldFilter({ onAdd }: { onAdd: (terms: string) => void }) {
  const { t } = useTranslation('search');
  const searchView = useSearchViewFields();
  const { lists } = searchView;
  const offered = searchView.fields.filter((entry) => FILTERABLE.has(entry.field.type));
  const [key, setKey] = useState<string | null>(null);
  const [filter, setFilter] = useState<FieldFilter | null>(null);
  const chosen = offered.find((o) => o.key === key);
  if (offered.length === 0) return null;
  const terms = chosen && filter ? fieldFilterTerms(chosen.field.fieldId, filter) : '';
  return (
    <Stack gap={6} data-testid="metadata-filter">
      <Text size="xs" fw={500} component="div">
        {t('filters.metadata')}
      </Text>
      <Select
        size="xs"
        aria-label={t('filters.metadataField')}
        placeholder={t('filters.metadataField')}
        data={offered.map((o) => ({ value: o.key, label: o.label }))}
        value={key}
        onChange={(next) => {
          setKey(next);
          const field = offered.find((o) => o.key === next)?.field;
          setFilter(field?.type === 'Checkbox' ? { kind: 'checkbox', checked: true } : null);
        }}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && (
        <ValueInput
          field={chosen.field}
          label={chosen.label}
          lists={lists}
          filter={filter}
          onChange={setFilter}
        />
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlus size={14} />}
        disabled={terms === ''}
        onClick={() => {
          onAdd(terms);
          setKey(null);
          setFilter(null);
        }}
      >
        {t('filters.metadataAdd')}
      </Button>
    </Stack>
  );
}

function ValueInput({
  field,
  label,
  lists,
  filter,
  onChange,
}: {
  field: FormField;
  label: string;
  lists: OptionLists;
  filter: FieldFilter | null;
  onChange: (filter: FieldFilter | null) => void;
}) {
  const { t } = useTranslation('search');
  const value = filter?.kind === 'value' ? filter.value : '';
  switch (field.type) {
    case 'Choice':
    case 'MultipleChoice':
      return (
        <Select
          size="xs"
          aria-label={label}
          placeholder={t('filters.metadataValue')}
          data={choiceAlternatives(field, lists).map((a) => ({ value: a.value, label: a.label }))}
          value={value || null}
          onChange={(next) => {
            onChange(next === null ? null : { kind: 'value', value: next });
          }}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'TreeChoice':
      // A node finds the items of its whole branch: its path is a phrase of the deeper paths.
      return (
        <TreeSelect
          size="xs"
          aria-label={label}
          placeholder={t('filters.metadataValue')}
          data={treeSelectData(treeAlternatives(field, lists))}
          value={value || null}
          onChange={(next) => {
            onChange(next === null ? null : { kind: 'value', value: next });
          }}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'Checkbox':
      return (
        <SegmentedControl
          size="xs"
          aria-label={label}
          value={filter?.kind === 'checkbox' && !filter.checked ? 'false' : 'true'}
          onChange={(next) => {
            onChange({ kind: 'checkbox', checked: next === 'true' });
          }}
          data={[
            { value: 'true', label: t('filters.metadataChecked') },
            { value: 'false', label: t('filters.metadataUnchecked') },
          ]}
        />
      );
    case 'Date':
      return (
        <LocalisedDatePickerInput
          size="xs"
          type="range"
          aria-label={label}
          placeholder={t('filters.metadataDates')}
          value={filter?.kind === 'dates' ? [filter.from, filter.to] : [null, null]}
          onChange={([from, to]) => {
            onChange(from === null && to === null ? null : { kind: 'dates', from, to });
          }}
          valueFormat="L"
          allowSingleDateInRange
          clearable
          popoverProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          size="xs"
          aria-label={label}
          placeholder={t('filters.metadataValue')}
          value={value}
          onChange={(event) => {
            onChange({ kind: 'value', value: event.currentTarget.value });
          }}
        />
      );
  }
}
