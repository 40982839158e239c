import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { addField } from './support/form-editor.ts';
import { pickOption as pick } from './support/mantine.ts';
import { cookieHeader, makePhoto, tusUpload } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);
const formLabel = `Desk ${suffix}`;

describe('metadata forms', () => {
  it('lets an administrator build a form, an editor fill it on the item page and be warned by an expired usage rule, and a viewer only read what they may not write', async () => {
    // The administrator builds the form under Settings.
    const admin = await newPage(e2e.browser);
    await signInThroughApi(admin.context, 'admin@demo.test');
    await admin.page.goto('/settings/forms');
    await admin.page.getByTestId('forms-table').getByRole('cell', { name: 'common', exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'New form' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New metadata form' });
    await dialog.getByRole('textbox', { name: 'Label' }).first().fill(`${formLabel}.`);
    await dialog.getByRole('textbox', { name: 'Id' }).fill(`desk${suffix}`);
    const story = await addField(admin.page, dialog, 0, 'story', 'Story', 'Text');
    await story.getByRole('checkbox', { name: 'Required' }).check();
    const source = await addField(admin.page, dialog, 1, 'source', 'Source', 'Choice');
    await source.getByRole('textbox', { name: 'Alternatives' }).fill('ntb = NTB\nown = Own');
    await addField(admin.page, dialog, 2, 'embargo', 'Embargo', 'Date');
    const button = await addField(admin.page, dialog, 3, 'publish', 'Publish', 'Button');
    await button.getByRole('checkbox', { name: 'Required' }).check();
    const rights = await addField(admin.page, dialog, 4, 'rights', 'Rights', 'Text');
    await pick(admin.page, rights, 'Writable by', 'Editors');
    await admin.page.keyboard.press('Escape');

    // The domain's rules answer in the editor before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Label may not contain a period or quotes').waitFor();
    await dialog.getByText('Button fields cannot be required or read only').waitFor();
    await screenshot(admin.page, 'form-editor-errors');
    await dialog.getByRole('textbox', { name: 'Label' }).first().fill(formLabel);
    await button.getByRole('checkbox', { name: 'Required' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText(`Form ${formLabel} saved`).waitFor();
    await admin.page.getByTestId('forms-table').getByText(formLabel).waitFor();
    await screenshot(admin.page, 'forms-settings');
    // A usage rule whose web rights ended yesterday (the editor sets usage rules through the API for now).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ruled = await admin.context.request.patch(`/api/v1/forms/desk${suffix}`, {
      data: {
        usageRules: [
          {
            identifier: { key: 'web', label: 'Web' },
            contexts: [
              {
                name: 'Online',
                validity: {
                  from: { offsetFrom: 'forever' },
                  to: { offsetFrom: 'absolute', absoluteDate: yesterday },
                },
              },
            ],
          },
        ],
      },
    });
    expect(ruled.status()).toBe(200);
    await admin.context.close();

    // The editor uploads a photo and fills the form on its page.
    const editor = await newPage(e2e.browser);
    await signInThroughApi(editor.context, 'editor@demo.test');
    const cookie = await cookieHeader(editor.context);
    const root = (await (await editor.context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const itemId = await tusUpload(cookie, await makePhoto(`forms-${suffix}.jpg`), { folderId: root.id });
    await editor.page.goto(`/item-details/${itemId}`);
    const panel = editor.page.getByRole('form', { name: formLabel });
    await panel.getByRole('button', { name: `Save ${formLabel}` }).click();
    await panel.getByText('Value required').waitFor();
    await panel.getByRole('textbox', { name: 'Story' }).fill('Storm over Oslo');
    await pick(editor.page, panel, 'Source', 'NTB');
    await panel.getByRole('textbox', { name: 'Rights' }).fill('All rights');
    await panel.getByRole('button', { name: `Save ${formLabel}` }).click();
    await editor.page.getByText(`${formLabel} saved`).waitFor();
    await screenshot(editor.page, 'item-metadata-form');

    const stored = await editor.context.request.get(`/api/v1/items/${itemId}/metadata`);
    expect(((await stored.json()) as { values: Record<string, unknown> }).values[`desk${suffix}`]).toEqual({
      story: 'Storm over Oslo',
      source: 'ntb',
      rights: 'All rights',
    });
    await editor.page.reload();
    expect(
      await editor.page
        .getByRole('form', { name: formLabel })
        .getByRole('textbox', { name: 'Story' })
        .inputValue(),
    ).toBe('Storm over Oslo');
    await editor.page.getByTestId('usage-warning').getByText('Web: Online').waitFor();
    await editor.page.getByRole('tab', { name: 'Usage rules' }).click();
    await editor.page.getByTestId('usage-rules').getByText('Expired').waitFor();
    await screenshot(editor.page, 'item-usage-rules');
    await editor.page.getByRole('tab', { name: 'History' }).click();
    await editor.page.getByText('Metadata changed').first().waitFor();
    await editor.context.close();

    // The viewer reads the values and writes none: Rights is only the Editors' to write, and the
    // demo's viewer may not update items at all (issue 11 §4).
    const viewer = await newPage(e2e.browser);
    await signInThroughApi(viewer.context, 'viewer@demo.test');
    await viewer.page.goto(`/item-details/${itemId}`);
    const seen = viewer.page.getByRole('form', { name: formLabel });
    const rightsInput = seen.getByRole('textbox', { name: 'Rights' });
    expect(await rightsInput.inputValue()).toBe('All rights');
    expect(await rightsInput.isDisabled()).toBe(true);
    expect(await seen.getByRole('textbox', { name: 'Story' }).isDisabled()).toBe(true);
    await viewer.context.close();
  }, 120_000);
});
