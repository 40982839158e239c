import { useState, type ChangeEvent } from 'react';

/** A text field's value and the error shown under it; typing clears the error. */
export function useTextField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    setError,
    /** Spread onto a Mantine text input. */
    inputProps: {
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(event.currentTarget.value);
        setError(null);
      },
    },
  };
}

export type TextField = ReturnType<typeof useTextField>;
