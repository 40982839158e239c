import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './passwordRules.ts';

describe('new password rules', () => {
  it('accepts 8 characters repeated exactly', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toEqual({ password: null, confirmation: null });
  });

  it('asks for both fields', () => {
    expect(validateNewPassword('', '')).toEqual({ password: 'required', confirmation: 'required' });
  });

  it('refuses fewer than 8 characters, counting characters rather than UTF-16 units', () => {
    expect(validateNewPassword('abcdefg', 'abcdefg').password).toBe('tooShort');
    expect(validateNewPassword('😀😀😀😀', '😀😀😀😀').password).toBe('tooShort');
  });

  it('spots a confirmation that differs', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgH').confirmation).toBe('mismatch');
  });
});
