import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/**
 * Editing one field of an item in place: the draft, its error, and saving it through the item's
 * mutation. Saving an unchanged value just closes the editor; a refusal names the field's error
 * when the server gives one.
 */
export function useInlineEdit<T>(
  current: string,
  mutation: UseMutationResult<T, Error, string>,
  field: string,
  validate: (value: string) => string | null = () => null,
) {
  const { describe, fieldMessage } = useErrorMessage();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const stop = () => {
    setEditing(false);
    setError(null);
    mutation.reset();
  };
  return {
    editing,
    value,
    error,
    pending: mutation.isPending,
    start: () => {
      setValue(current);
      setEditing(true);
    },
    stop,
    change: (next: string) => {
      setValue(next);
      setError(null);
    },
    save: () => {
      const trimmed = value.trim();
      const invalid = validate(trimmed);
      if (invalid !== null) {
        setError(invalid);
        return;
      }
      if (trimmed === current) {
        stop();
        return;
      }
      mutation.mutate(trimmed, {
        onSuccess: stop,
        onError: (cause) => {
          setError(fieldMessage(cause, field) ?? describe(cause));
        },
      });
    },
  };
}
