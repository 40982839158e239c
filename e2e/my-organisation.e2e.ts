import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent.trim() ?? '');

describe('My organisation', () => {
  it('is reached from the profile menu by keyboard, and shows the groups and the team of the organisation', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'admin@demo.test');
    await page.getByTestId('profile-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'My organisation' }).waitFor();
    for (let step = 0; step < 8 && (await focusedText(page)) !== 'My organisation'; step++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await focusedText(page)).toBe('My organisation');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'My organisation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-organisation');
    const tabs = page.getByRole('tablist', { name: 'My organisation' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Groups', 'My Team']);
    // Billing, Statistics and System Activity have no screen yet, so they are not offered.
    expect(await page.getByRole('tab', { name: 'Billing' }).count()).toBe(0);
    await page.getByTestId('groups-table').getByText('Editors').waitFor();
    await screenshot(page, 'my-organisation-groups');

    // The tabs follow the arrow keys, and Tab goes on into the chosen one.
    await page.getByRole('tab', { name: 'Groups' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('users-table').getByText('Vera Viewer').waitFor();
    expect(await page.getByRole('tab', { name: 'My Team' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('team');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('placeholder')).toBe('Name or e-mail');
    await screenshot(page, 'my-organisation-team');
    await context.close();
  });

  it('is where /my-account leads, on its first tab for a tab it does not have', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto('/my-account?tab=billing');
    await page.getByRole('heading', { level: 1, name: 'My organisation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-organisation');
    expect(await page.getByRole('tab', { name: 'Groups' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('groups-table').waitFor();
    await context.close();
  });

  it('is not offered to a user who is not a tenant administrator, and says so when opened', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'My organisation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/my-organisation');
    await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
    await page
      .getByText(
        'The organisation page is for tenant administrators. Ask your administrator if you need access.',
      )
      .waitFor();
    expect(await page.getByTestId('users-table').count()).toBe(0);
    expect(await page.getByTestId('groups-table').count()).toBe(0);
    await screenshot(page, 'my-organisation-no-access');
    await context.close();
  });

  it.each([
    ['nb', 'Min organisasjon', 'Mitt team'],
    ['nn', 'Organisasjonen min', 'Teamet mitt'],
    ['fr', 'Mon organisation', 'Mon équipe'],
  ])('speaks %s', async (lng, title, team) => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto(`/my-organisation?tab=team&lng=${lng}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('tab', { name: team }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('users-table').getByText('Vera Viewer').waitFor();
    await context.close();
  });
});
