import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

describe('API keys in user settings', () => {
  it('creates a key whose secret, shown once, authenticates the API as its user', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    await page.goto('/user-settings?tab=apiKeys');
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(page, 'API key dialog');
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Newsroom integration');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').innerText()).trim();
    expect(secret).toMatch(/^skald_[0-9a-f]{16}_/);
    await screenshot(page, 'api-key-secret');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByTestId('api-keys-table').getByText('Newsroom integration').waitFor();
    await screenshot(page, 'api-keys');

    const me = await context.request.get('/api/v1/me', {
      headers: { authorization: `Bearer ${secret}`, cookie: '' },
    });
    expect(me.status()).toBe(200);
    expect((await me.json()) as unknown).toMatchObject({ user: { email: 'editor@demo.test' } });
    expect(await page.getByTestId('api-keys-table').innerText()).not.toContain(secret);
    await context.close();
  });

  it('is not offered to a user without the API keys permission', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'viewer@demo.test');
    await page.goto('/user-settings');
    await page.getByRole('tab', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('tab', { name: 'API Keys' }).count()).toBe(0);
    await context.close();
  });
});

describe('users administration', () => {
  it('lists the tenant users for an administrator, and searches them', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto('/settings/users');
    const table = page.getByTestId('users-table');
    await table.getByText('Vera Viewer').waitFor();
    await screenshot(page, 'users');
    await page.getByLabel('Search users').fill('erik');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="users-table"]')?.textContent.includes('Vera Viewer'),
    );
    expect(await table.innerText()).toContain('Erik Editor');
    await context.close();
  });

  it('is out of reach for a user who is not a tenant administrator', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'viewer@demo.test');
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto('/settings/users');
    expect(await page.getByTestId('users-table').count()).toBe(0);
    await context.close();
  });
});
