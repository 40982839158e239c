import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from './returnTo.ts';

describe('safeReturnTo', () => {
  it.each(['/user-settings?tab=apiKeys', '/settings/users', '/'])('keeps the in-app path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?returnTo=/x',
    '/public/forgot-password',
    '/sign-in-code?code=1',
    '/a\nb',
  ])('sends %j home instead', (raw) => {
    expect(safeReturnTo(raw)).toBe('/');
  });
});

describe('loginPath', () => {
  it('remembers where to come back to', () => {
    expect(loginPath('/user-settings?tab=apiKeys')).toBe('/login?returnTo=%2Fuser-settings%3Ftab%3DapiKeys');
  });

  it('needs no parameter for the home screen', () => {
    expect(loginPath('/')).toBe('/login');
  });
});
