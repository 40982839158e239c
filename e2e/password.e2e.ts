import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { verificationCode, waitForMail } from './support/mail.ts';
import { signInAs, signInThroughApi, signOut, submitSignIn, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

const e2e = sharedBrowser();

describe('forgetting the password', () => {
  it('proves ownership with the code from the real mail, sets a new password and signs the user in', async () => {
    const user = await createUser({ name: 'Paula Forgetful' });
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/');
    await page.getByText('Forgot your password?').waitFor();
    await page.getByRole('link', { name: 'Verify account ownership' }).click();
    await page.getByRole('heading', { name: 'Verify account ownership' }).waitFor();
    await page.getByRole('textbox', { name: 'Organisation' }).fill('demo');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
    const mail = await waitForMail(user.email, 10_000);
    expect(mail.subject).toContain('verification code');
    const code = verificationCode(mail);
    await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await screenshot(page, 'forgot-password-code');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('reset-password-2');
    await page.getByLabel(/^Repeat the new password/).fill('reset-password-2');
    await screenshot(page, 'forgot-password-new');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();

    await waitForSearchScreen(page, user.name);
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await context.request.get('/api/v1/me');
    expect((await me.json()) as unknown).toMatchObject({ user: { email: user.email } });
    const old = await context.request.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: user.email, password: user.password },
    });
    expect(old.status()).toBe(401);
    await context.close();
  });

  it('refuses a wrong code on the verification step', async () => {
    const user = await createUser({ name: 'Wanda Wrongcode' });
    const { context, page } = await newPage(e2e.browser);
    await page.goto(`/public/forgot-password?tenant=demo&email=${encodeURIComponent(user.email)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = verificationCode(await waitForMail(user.email, 10_000));
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The code is wrong or has expired.').waitFor();
    expect(await page.getByRole('heading', { name: 'Choose a new password' }).count()).toBe(0);
    await context.close();
  });
});

describe('changing the password', () => {
  it('takes the new password at the next sign-in, and no longer the old one', async () => {
    const user = await createUser({ name: 'Chen Changer' });
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, user.email, user.password);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL(/\/change-password$/);
    await page.getByLabel(/^Current password/).fill(user.password);
    await page.getByLabel(/^New password/).fill('changed-password-3');
    await page.getByLabel(/^Repeat the new password/).fill('changed-password-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await screenshot(page, 'change-password-done');
    await signOut(page);

    await submitSignIn(page, user.email, user.password);
    await page.getByText('The organisation, e-mail or password is wrong.').waitFor();
    await signInAs(page, user.email, 'changed-password-3');
    await waitForSearchScreen(page, user.name);
    await context.close();
  });

  it('names the current password as wrong when it is, and keeps the old password', async () => {
    const user = await createUser({ name: 'Mike Mistyped' });
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, user.email, user.password);
    await page.goto('/change-password');
    const current = page.getByLabel(/^Current password/);
    await current.fill('not-my-password');
    await page.getByLabel(/^New password/).fill('changed-password-4');
    await page.getByLabel(/^Repeat the new password/).fill('changed-password-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong').waitFor();
    // The message belongs to the current password field: it is that field's description.
    const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    await expect(page.locator(`[id="${describedBy}"]`).innerText()).resolves.toBe(
      'The current password is wrong',
    );
    await screenshot(page, 'change-password-wrong-current');

    const again = await context.request.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: user.email, password: user.password },
    });
    expect(again.status()).toBe(200);
    await context.close();
  });
});
