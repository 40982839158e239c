import { request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/run.ts';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { makeStill } from './support/media.ts';
import { signInAs, signInThroughApi, submitSignIn } from './support/sign-in.ts';
import { totpCode } from './support/totp.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { adminApi, createUser } from './support/users.ts';

const e2e = sharedBrowser();

interface GroupBody {
  id: string;
  isOrganisation: boolean;
  permissions: string[];
}

describe('the default upload location', () => {
  it('is picked by an administrator, and a user who may not choose where to upload uploads there', async () => {
    const suffix = Date.now().toString(36);
    const folderName = `Incoming ${suffix}`;
    const api = await adminApi();
    const groups = (await (await api.get('/api/v1/groups?itemsPerPage=200')).json()) as {
      items: GroupBody[];
    };
    const organisation = groups.items.find((group) => group.isOrganisation);
    if (!organisation) throw new Error('no organisation group');
    const root = (await (await api.get('/api/v1/folders/root')).json()) as { id: string };
    const folder = (await (
      await api.post('/api/v1/folders', { data: { name: folderName, parentId: root.id } })
    ).json()) as { id: string };
    try {
      // Spec §6: item.chooseUploadLocation is a default of everyone's; this organisation takes it away.
      const narrowed = await api.patch(`/api/v1/groups/${organisation.id}`, {
        data: { permissions: organisation.permissions.filter((p) => p !== 'item.chooseUploadLocation') },
      });
      expect(narrowed.status()).toBe(200);

      const admin = await newPage(e2e.browser);
      await signInAs(admin.page, 'admin@demo.test');
      await admin.page.getByRole('link', { name: 'System settings' }).click();
      const location = admin.page.getByTestId('default-upload-location');
      expect(await location.innerText()).toBe('Root');
      await admin.page.getByRole('button', { name: 'Choose folder' }).click();
      const picker = admin.page.getByRole('dialog', { name: 'Default upload location' });
      await picker.getByText(folderName, { exact: true }).click();
      await picker.getByText(`Chosen: ${folderName}`).waitFor();
      await picker.getByRole('button', { name: 'Use this folder' }).click();
      await location.getByText(`Root / ${folderName}`).waitFor();
      await admin.page.getByText(`Uploads now go to Root / ${folderName}.`).waitFor();
      await screenshot(admin.page, 'system-settings-upload-location');
      await admin.context.close();

      const uploader = await createUser({ name: 'Una Uploader', permissions: ['item.create'] });
      const { context, page } = await newPage(e2e.browser);
      await signInThroughApi(context, uploader.email, uploader.password);
      await page.goto('/folders');
      await page.waitForURL(/folderId=/);
      await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload files' });
      await dialog
        .getByTestId('upload-location')
        .getByText(`Uploads go to your organisation’s default upload location: Root / ${folderName}`)
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Change folder' }).count()).toBe(0);
      const still = await makeStill(`still-${suffix}.png`);
      await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(still);
      await screenshot(page, 'upload-to-default-location');
      await sendUploads(dialog, 'Upload 1 file');

      const listed = (await (await api.get(`/api/v1/items?folderId=${folder.id}`)).json()) as {
        items: { title: string; owner: { id: string } }[];
      };
      expect(listed.items).toMatchObject([{ title: `still-${suffix}`, owner: { id: uploader.id } }]);
      await context.close();
    } finally {
      await api.patch(`/api/v1/groups/${organisation.id}`, {
        data: { permissions: organisation.permissions },
      });
      await api.put('/api/v1/tenant/upload-location', { data: { folderId: null } });
      await api.dispose();
    }
  });
});

describe('enforcing MFA by permission', () => {
  it('is on the System settings screen for a holder of userManagement.enforceMfa who is not a tenant administrator', async () => {
    const user = await createUser({ name: 'Mira Enforcer', permissions: ['userManagement.enforceMfa'] });
    // Enrolled first: enforcing MFA must not lock the one who enforces it out.
    const api = await request.newContext({ baseURL: baseUrl() });
    await api.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: user.email, password: user.password },
    });
    const { secret } = (await (await api.post('/api/v1/me/mfa/setup')).json()) as { secret: string };
    expect(
      (await api.post('/api/v1/me/mfa/enable', { data: { code: await totpCode(secret) } })).status(),
    ).toBe(200);
    const enforced = async () =>
      ((await (await api.get('/api/v1/me')).json()) as { tenant: { mfaEnforced: boolean } }).tenant
        .mfaEnforced;

    const { context, page } = await newPage(e2e.browser);
    try {
      await submitSignIn(page, user.email, user.password);
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(await totpCode(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByTestId('profile-menu').waitFor();

      expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
      await page.getByRole('link', { name: 'System settings' }).click();
      await page.getByRole('heading', { name: 'Organisation security' }).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['System settings']);
      // The upload location is the tenant administrators' part.
      expect(await page.getByRole('heading', { name: 'Default upload location' }).count()).toBe(0);
      await screenshot(page, 'system-settings-enforce-mfa');

      const toggle = page.getByRole('switch', { name: 'Enforce MFA' });
      await toggle.click();
      await page.getByText('Two-factor authentication is now required.').waitFor();
      expect(await enforced()).toBe(true);
      await toggle.click();
      await page.getByText('Two-factor authentication is now optional.').waitFor();
      expect(await enforced()).toBe(false);

      await page.goto('/settings/users');
      await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
      await context.close();
    } finally {
      // Every other spec signs in to this tenant.
      await api.patch('/api/v1/tenant/security', { data: { mfaEnforced: false } });
      await api.dispose();
    }
  });
});

describe('the max file name length for exports', () => {
  it('is set by an administrator and kept after a reload; a length out of bounds is refused, naming the field', async () => {
    const api = await adminApi();
    const stored = async () =>
      ((await (await api.get('/api/v1/tenant/export-settings')).json()) as { maxFileNameLength: number })
        .maxFileNameLength;
    const before = await stored();
    const { context, page } = await newPage(e2e.browser);
    try {
      await signInAs(page, 'admin@demo.test');
      await page.getByRole('link', { name: 'System settings' }).click();
      // Spec §3 tenant config, in its own card.
      const card = page.getByRole('region', { name: 'Exports' });
      const field = card.getByRole('textbox', { name: 'Max file name length for exports' });
      await expect.poll(() => field.inputValue()).toBe(String(before));
      await expectAccessible(page);

      await field.fill('12');
      await card.getByRole('button', { name: 'Save export settings' }).click();
      await card
        .getByText('Max file name length for exports must be a whole number from 16 to 255')
        .waitFor();
      await expectAccessible(page, 'export settings refused');
      expect(await stored()).toBe(before);

      await field.fill('64');
      await card.getByRole('button', { name: 'Save export settings' }).click();
      await page.getByText('Exported files are now named within 64 characters.').waitFor();
      expect(await stored()).toBe(64);
      await screenshot(page, 'system-settings-exports');

      await page.reload();
      await expect.poll(() => field.inputValue()).toBe('64');
    } finally {
      await api.put('/api/v1/tenant/export-settings', { data: { maxFileNameLength: before } });
      await api.dispose();
      await context.close();
    }
  });
});
