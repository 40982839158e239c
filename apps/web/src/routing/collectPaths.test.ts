import { describe, expect, it } from 'vitest';
import { collectPaths } from './collectPaths.ts';

describe('collectPaths', () => {
  const table = [
    {
      children: [
        { path: '/login' },
        { path: '/public', children: [{ index: true }, { path: 'forgot-password' }] },
        {
          children: [
            { index: true },
            { path: '/user-settings' },
            { path: '/settings', children: [{ path: 'users' }, { path: '*' }] },
            { path: '*' },
          ],
        },
      ],
    },
  ];

  it('lists the concrete absolute paths, nested or pathless', () => {
    expect([...collectPaths(table)].sort()).toEqual([
      '/',
      '/login',
      '/public',
      '/public/forgot-password',
      '/settings',
      '/settings/users',
      '/user-settings',
    ]);
  });

  it('does not count a catch-all as an existing screen', () => {
    expect(collectPaths(table).has('/admin')).toBe(false);
  });
});
