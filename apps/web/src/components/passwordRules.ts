/** docs/API.md: passwords have at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** Length in Unicode code points, so an emoji counts as one character as users expect. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

export type NewPasswordError = 'required' | 'tooShort' | 'mismatch';

export function validateNewPassword(
  password: string,
  confirmation: string,
): {
  password: NewPasswordError | null;
  confirmation: NewPasswordError | null;
} {
  const passwordError: NewPasswordError | null =
    password === '' ? 'required' : characterCount(password) < PASSWORD_MIN_LENGTH ? 'tooShort' : null;
  const confirmationError: NewPasswordError | null =
    confirmation === '' ? 'required' : confirmation !== password ? 'mismatch' : null;
  return { password: passwordError, confirmation: confirmationError };
}
