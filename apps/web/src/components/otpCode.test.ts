import { describe, expect, it } from 'vitest';
import { normaliseOtpCode } from './otpCode.ts';

describe('one-time codes', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 12 34 56 ', '123456'],
    ['123\t456', '123456'],
  ])('accepts %j as %s', (input, code) => {
    expect(normaliseOtpCode(input)).toBe(code);
  });

  it.each(['', '12345', '1234567', '12345a', '１２３４５６', '123-456'])('refuses %j', (input) => {
    expect(normaliseOtpCode(input)).toBeNull();
  });
});
