import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with `aria-invalid` on the input while it shows an error. Mantine's own
 * inputs set it from `error`, but its PasswordInput renders the input itself and sets only
 * `data-invalid` (its `aria-describedby` does point at the error).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
