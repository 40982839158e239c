import { describe, expect, it } from 'vitest';
import { findMessageKey } from './messageKey.ts';

const english = {
  accountDeactivated: 'Your account is currently deactivated',
  apiKeys: { selectFutureDate: 'Please select a date in the future', selectDate: 'Please select a date' },
};

describe('findMessageKey', () => {
  it('finds the key of a spec message, nested or not', () => {
    expect(findMessageKey(english, 'Your account is currently deactivated')).toBe('accountDeactivated');
    expect(findMessageKey(english, 'Please select a date')).toBe('apiKeys.selectDate');
  });

  it('needs the exact text', () => {
    expect(findMessageKey(english, 'Please select a date in the future.')).toBeUndefined();
    expect(findMessageKey(english, 'please select a date')).toBeUndefined();
    expect(findMessageKey(english, '')).toBeUndefined();
  });

  it('copes with a bundle that is not loaded', () => {
    expect(findMessageKey(undefined, 'Please select a date')).toBeUndefined();
  });
});
