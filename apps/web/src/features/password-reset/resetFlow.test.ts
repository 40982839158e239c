import { describe, expect, it } from 'vitest';
import { readResetState, verifyPath } from './resetFlow.ts';

describe('password reset flow', () => {
  it('carries organisation and e-mail to the verify step', () => {
    expect(verifyPath('demo', 'ann+1@demo.test')).toBe(
      '/public/forgot-password/verify?tenant=demo&email=ann%2B1%40demo.test',
    );
  });

  it('reads the reset token from the history state only when it is a non-empty string', () => {
    expect(readResetState({ resetToken: 'abc' })).toEqual({ resetToken: 'abc' });
    expect(readResetState({ resetToken: '' })).toBeNull();
    expect(readResetState({ resetToken: 1 })).toBeNull();
    expect(readResetState(null)).toBeNull();
  });
});
