import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGroupOptions } from './useGroupOptions.ts';

interface GroupPickerProps {
  value: string[];
  onChange: (groupIds: string[]) => void;
  description?: string;
}

/** The groups a user belongs to, chosen from all the tenant's groups. */
export function GroupPicker({ value, onChange, description }: GroupPickerProps) {
  const { t } = useTranslation('admin');
  const groups = useGroupOptions();
  return (
    <MultiSelect
      label={t('users.form.groups')}
      description={description}
      data={groups.options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('users.form.noGroups')}
      error={groups.isError ? t('users.form.groupsFailed') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
