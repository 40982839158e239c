import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Takes the focus when the dialog it is in opens. */
  autoFocus?: boolean;
}

/** The search box above a list. */
export function SearchField({ label, placeholder, value, onChange, autoFocus }: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
      }}
      w={280}
      type="search"
      data-autofocus={autoFocus ? true : undefined}
    />
  );
}
