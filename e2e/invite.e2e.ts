import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/run.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInLink, waitForMail } from './support/mail.ts';
import { signInThroughApi, waitForSearchScreen } from './support/sign-in.ts';
import { uniqueEmail } from './support/users.ts';

const e2e = sharedBrowser();

describe('inviting a user', () => {
  it('mails a one-time link that signs the invitee in once, and only once', async () => {
    const email = uniqueEmail('ivan');
    const name = 'Ivan Invitee';

    const admin = await newPage(e2e.browser);
    await signInThroughApi(admin.context, 'admin@demo.test');
    await admin.page.goto('/settings/users');
    await admin.page.getByTestId('users-table').waitFor();
    await admin.page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite user by e-mail' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(
      dialog.getByRole('checkbox', { name: 'Send an invitation e-mail' }).isChecked(),
    ).resolves.toBe(true);
    await screenshot(admin.page, 'invite-user');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText(`An invitation has been sent to ${email}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.page.getByTestId('users-table').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Never');
    await screenshot(admin.page, 'invite-user-listed');

    const mail = await waitForMail(email, 10_000);
    expect(mail.subject).toBe('You are invited to Demo Newsroom on Skald');
    const link = signInLink(mail);
    expect(link.startsWith(`${baseUrl()}/sign-in-code?code=`)).toBe(true);

    const invitee = await newPage(e2e.browser);
    await invitee.page.goto(link);
    await waitForSearchScreen(invitee.page, name);
    await invitee.page.getByTestId('profile-menu').waitFor();
    await screenshot(invitee.page, 'invite-signed-in');
    const me = await invitee.context.request.get('/api/v1/me');
    expect((await me.json()) as unknown).toMatchObject({ user: { email, name } });

    const again = await newPage(e2e.browser);
    await again.page.goto(link);
    await again.page
      .getByRole('alert')
      .getByText('This sign-in link is not valid or has already been used.', { exact: false })
      .waitFor();
    expect(await again.page.getByTestId('profile-menu').count()).toBe(0);
    await screenshot(again.page, 'invite-link-used');

    await again.context.close();
    await invitee.context.close();
    await admin.context.close();
  });
});
