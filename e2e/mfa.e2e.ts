import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { verificationCode, waitForMail } from './support/mail.ts';
import { signInThroughApi, signOut, submitSignIn, waitForSearchScreen } from './support/sign-in.ts';
import { totpCode, wrongTotpCode } from './support/totp.ts';
import { createUser } from './support/users.ts';

const e2e = sharedBrowser();

// Enforcing MFA for the tenant is left to the server tests: it would apply to the demo tenant,
// which every other spec signs in to.
describe('two-factor authentication', () => {
  it('is turned on with a code from the app, and then asked for at sign-in', async () => {
    const user = await createUser({ name: 'Mona Multifactor' });
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, user.email, user.password);
    await page.goto('/user-settings');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();

    const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    // decode() waits for the image and rejects when it is broken.
    const width = await qr.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    expect(width).toBeGreaterThan(0);
    await screenshot(page, 'mfa-enrolment');

    const code = page.getByRole('textbox', { name: 'Code from the app' });
    await code.fill(await wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('That code is not valid. Check the time on your device and try again.').waitFor();
    await code.fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-factor authentication is on.').waitFor();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await screenshot(page, 'mfa-on');
    await signOut(page);

    await submitSignIn(page, user.email, user.password);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText('That code is not valid. Check the time on your device and try again.')
      .waitFor();
    expect(await page.getByTestId('profile-menu').count()).toBe(0);
    await screenshot(page, 'mfa-sign-in-wrong-code');

    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForSearchScreen(page, user.name);
    const me = await context.request.get('/api/v1/me');
    expect((await me.json()) as unknown).toMatchObject({ user: { email: user.email, mfaEnabled: true } });
    await context.close();
  });

  it('is asked for after a password reset too, so a mailbox alone does not get in', async () => {
    const user = await createUser({ name: 'Rita Resetter' });
    const { context, page } = await newPage(e2e.browser);
    const api = context.request;
    await api.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: user.email, password: user.password },
    });
    const setup = await api.post('/api/v1/me/mfa/setup');
    const { secret } = (await setup.json()) as { secret: string };
    const enabled = await api.post('/api/v1/me/mfa/enable', { data: { code: await totpCode(secret) } });
    expect(enabled.status()).toBe(200);
    await api.post('/api/v1/auth/logout');

    await page.goto(`/public/forgot-password?tenant=demo&email=${encodeURIComponent(user.email)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
    const code = verificationCode(await waitForMail(user.email, 10_000));
    await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^New password/).fill('reset-with-mfa-5');
    await page.getByLabel(/^Repeat the new password/).fill('reset-with-mfa-5');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();

    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText('That code is not valid. Check the time on your device and try again.')
      .waitFor();
    await screenshot(page, 'mfa-reset-wrong-code');
    const totp = await totpCode(secret, 1);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(totp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForSearchScreen(page, user.name);

    // The new password is in force; the code just used cannot be used again.
    const login = await api.post('/api/v1/auth/login', {
      data: {
        tenant: 'demo',
        email: user.email,
        password: 'reset-with-mfa-5',
        totp,
      },
    });
    expect(login.status()).toBe(401);
    expect(((await login.json()) as { error: { code: string } }).error.code).toBe('mfa_required');
    await context.close();
  });
});
