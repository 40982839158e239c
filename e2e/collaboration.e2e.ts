import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { waitForMail } from './support/mail.ts';
import { cookieHeader, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { adminApi, createUser, uniqueEmail } from './support/users.ts';

// Issue 13's later parts: usage rights on shares, invitations in the recipient's language, metadata
// edited through a share, download all as a zip, @mentions and upload requests in My tasks.
const e2e = sharedBrowser();

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('collaboration: shares with rights and metadata, mentions, requests in My tasks', () => {
  it(
    'asks before sharing expired rights, mails in French, lets the recipient edit metadata and download all as a zip',
    { timeout: 300_000 },
    async () => {
      const suffix = Date.now().toString(36);
      const folder = `Rights ${suffix}`;
      const { context, page } = await newPage(e2e.browser);
      await signInThroughApi(context, 'editor@demo.test');
      const folderId = await newFolder(context, folder);
      const cookie = await cookieHeader(context);
      const licensed = await tusUpload(cookie, await makeStill(`licensed-${suffix}.png`), { folderId });
      const own = await tusUpload(cookie, await makeStill(`own-${suffix}.png`), { folderId });
      await waitForTranscoding(context.request, licensed, 120_000);
      await waitForTranscoding(context.request, own, 120_000);

      // The administrator's Rights form: its web rights ended yesterday; the licensed still holds its values.
      const admin = await adminApi();
      const form = await admin.post('/api/v1/forms', {
        data: {
          id: `rights${suffix}`,
          label: `Rights ${suffix}`,
          active: true,
          fields: [{ fieldId: 'holder', label: 'Rights holder', type: 'Text' }],
          usageRules: [
            {
              identifier: { key: 'web', label: 'Web' },
              contexts: [
                {
                  name: 'Online',
                  validity: {
                    from: { offsetFrom: 'forever' },
                    to: { offsetFrom: 'absolute', absoluteDate: yesterday() },
                  },
                  warningLevel: 'upon_expiry',
                },
              ],
            },
          ],
        },
      });
      expect(form.status()).toBe(201);
      const values = await admin.patch(`/api/v1/items/${licensed}/metadata`, {
        data: { forms: { [`rights${suffix}`]: { holder: 'NTB' } } },
      });
      expect(values.status()).toBe(200);

      await page.goto(`/folders?folderId=${folderId}`);
      await page.getByRole('heading', { level: 1, name: folder }).waitFor();
      await page.getByRole('radiogroup', { name: 'View' }).locator('label', { hasText: 'List' }).click();
      for (const title of [`licensed-${suffix}`, `own-${suffix}`]) {
        await page.getByRole('checkbox', { name: `Select ${title}` }).check();
      }
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Share' }).click();
      const dialog = page.getByRole('dialog', { name: `Share ${folder}` });
      await dialog.getByRole('textbox', { name: 'Page title' }).fill(`Licensed ${suffix}`);
      await dialog.getByText('High-res original').click();
      await dialog.getByRole('switch', { name: 'Allow editing metadata' }).check();
      const partner = uniqueEmail('partenaire');
      await dialog.getByLabel('Send the link by e-mail').fill(partner);
      await dialog.getByLabel('Send the link by e-mail').press('Enter');
      await dialog.getByLabel('Language of the e-mails').click();
      await page.getByRole('option', { name: 'French (français)' }).click();
      await dialog.getByRole('button', { name: 'Create share' }).click();

      // One of the two is outside its rights: the share asks first.
      const question = page.getByRole('dialog', { name: 'Usage rights' });
      await question
        .getByText('The usage rights of 1 of these items have expired or are not yet valid')
        .waitFor();
      await expectAccessible(page, 'rights question');
      await question.getByRole('button', { name: 'Share anyway' }).click();
      const link = await dialog.getByTestId('share-link').innerText();
      await dialog.getByRole('button', { name: 'Done' }).click();

      const mail = await waitForMail(partner, 15_000);
      expect(mail.text).toContain(`Erik Editor a partagé des médias avec vous : Licensed ${suffix}`);
      expect(mail.text).toContain(link);

      // The recipient sees the rights warning, edits the holder and takes everything as one zip.
      const recipient = await newPage(e2e.browser);
      await recipient.page.goto(new URL(link).pathname);
      await recipient.page.getByRole('heading', { level: 1, name: `Licensed ${suffix}` }).waitFor();
      await recipient.page.getByRole('button', { name: `Show licensed-${suffix}` }).click();
      await recipient.page
        .getByTestId('shared-rights')
        .getByText('The usage rights of this item expired on')
        .waitFor();
      const metadata = recipient.page.getByTestId('shared-metadata-form');
      // Other files' forms on the same server may have a field of that label too: take this form's.
      const holder = metadata
        .getByRole('group', { name: `Rights ${suffix}` })
        .getByRole('textbox', { name: 'Rights holder' });
      expect(await holder.inputValue()).toBe('NTB');
      await expectAccessible(recipient.page, 'editable metadata');
      await holder.fill('NTB and partner');
      await metadata.getByRole('button', { name: 'Save metadata' }).click();
      await recipient.page.getByText('Metadata saved').waitFor();
      await screenshot(recipient.page, 'shared-metadata');
      const [zip] = await Promise.all([
        recipient.page.waitForEvent('download'),
        recipient.page.getByRole('button', { name: 'Download all (original)' }).click(),
      ]);
      expect(zip.suggestedFilename()).toBe(`Licensed ${suffix}.zip`);
      expect(await zip.failure()).toBeNull();

      // The item's history says the change came through the share.
      await page.goto(`/item-details/${licensed}?tab=history`);
      await page
        .getByTestId('item-history')
        .getByText(`a recipient of the share “Licensed ${suffix}”`, { exact: false })
        .first()
        .waitFor();
      await admin.delete(`/api/v1/forms/rights${suffix}`);
      await admin.dispose();
      await recipient.context.close();
      await context.close();
    },
  );

  it(
    'suggests colleagues after @ (keyboard), notifies the one mentioned, and lists my upload requests in My tasks',
    { timeout: 180_000 },
    async () => {
      const suffix = Date.now().toString(36);
      const colleague = await createUser({ name: `Mentha ${suffix}` });
      const { context, page } = await newPage(e2e.browser);
      await signInThroughApi(context, 'editor@demo.test');
      const folder = `Mentions ${suffix}`;
      const folderId = await newFolder(context, folder);
      const still = await tusUpload(await cookieHeader(context), await makeStill(`mention-${suffix}.png`), {
        folderId,
      });
      await waitForTranscoding(context.request, still, 120_000);

      await page.goto(`/item-details/${still}?tab=comments`);
      const box = page.getByTestId('comments-tab').getByLabel('Comment', { exact: true });
      await box.click();
      await box.pressSequentially(`Please check, @Mentha ${suffix.slice(0, 3)}`);
      await screenshot(page, 'mention-suggestions');
      await page.getByRole('option', { name: `Mentha ${suffix}` }).waitFor();
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page, 'mention suggestions');
      await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(`Please check, @Mentha ${suffix} `);
      await page.getByTestId('comments-tab').getByRole('button', { name: 'Comment', exact: true }).click();
      await page
        .getByTestId('comment')
        .filter({ hasText: `@Mentha ${suffix}` })
        .waitFor();

      const reader = await newPage(e2e.browser);
      await signInThroughApi(reader.context, colleague.email, colleague.password);
      const notes = await reader.context.request.get('/api/v1/notifications');
      const { items } = (await notes.json()) as { items: { kind: string }[] };
      expect(items.map((n) => n.kind)).toContain('mention');
      await reader.context.close();

      // An upload request of mine is a task of mine.
      await page.goto(`/folders?folderId=${folderId}`);
      await page.getByRole('heading', { level: 1, name: folder }).waitFor();
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('menuitem', { name: 'Request upload to this folder' }).click();
      const dialog = page.getByRole('dialog', { name: `Request upload to ${folder}` });
      await dialog.getByRole('textbox', { name: 'Page title' }).fill(`Footage ${suffix}`);
      await dialog.getByRole('button', { name: 'Create upload request' }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('link', { name: 'My tasks' }).click();
      await page
        .getByRole('radiogroup', { name: 'Which tasks' })
        .locator('label', { hasText: 'Upload requests' })
        .click();
      const row = page.getByTestId('task-row').filter({ hasText: `Footage ${suffix}` });
      await row.getByText('Pending').waitFor();
      await row.getByText('0 of 10').waitFor();
      await page
        .getByRole('group', { name: 'Status' })
        .getByText(/^Pending \(/)
        .click();
      await row.waitFor();
      await expectAccessible(page, 'requests');
      await screenshot(page, 'my-tasks-requests');
      await context.close();
    },
  );
});
