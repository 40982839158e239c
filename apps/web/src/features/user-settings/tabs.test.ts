import { describe, expect, it } from 'vitest';
import { resolveTab } from './tabs.ts';

const everything = { apiKeys: true, mfaSetupRequired: false };

describe('user settings tab from ?tab=', () => {
  it.each([
    ['profile', 'profile'],
    ['settings', 'settings'],
    ['apiKeys', 'apiKeys'],
    [null, 'profile'],
    ['desktop', 'profile'],
  ] as const)('%s shows %s', (raw, tab) => {
    expect(resolveTab(raw, everything)).toBe(tab);
  });

  it('keeps API Keys away from users without general.apiKeys', () => {
    expect(resolveTab('apiKeys', { apiKeys: false, mfaSetupRequired: false })).toBe('profile');
  });

  it('shows Settings while MFA set-up is required, whatever was asked', () => {
    expect(resolveTab('apiKeys', { apiKeys: true, mfaSetupRequired: true })).toBe('settings');
    expect(resolveTab('profile', { apiKeys: true, mfaSetupRequired: true })).toBe('settings');
  });
});
