import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

describe('groups administration', () => {
  it('creates a group with a permission, renames it, and deletes it after confirming', async () => {
    const name = `Uploaders ${Date.now().toString(36)}`;
    const renamed = `${name} (renamed)`;
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto('/settings/groups');
    const table = page.getByTestId('groups-table');
    await table.waitFor();

    await page.getByRole('button', { name: 'Create group' }).click();
    const create = page.getByRole('dialog', { name: 'Create group' });
    await create.waitFor();
    await expectAccessible(page, 'create dialog');
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('button', { name: /^Items/ }).click();
    const createItems = create.locator('[data-permission="item.create"]');
    const uploadItems = create.locator('[data-permission="item.upload"]');
    const impliedMark = async (input: Locator) =>
      create
        .locator(`label[for="${(await input.getAttribute('id')) ?? ''}"]`)
        .getByText('implied', { exact: true });
    expect(await (await impliedMark(uploadItems)).count()).toBe(0);
    await createItems.check();
    // item.create implies item.upload: marked so, without being chosen.
    await (await impliedMark(uploadItems)).waitFor();
    await expect(uploadItems.isChecked()).resolves.toBe(false);
    expect(await (await impliedMark(createItems)).count()).toBe(0);
    await create.getByText('1 chosen.', { exact: false }).waitFor();
    await screenshot(page, 'group-create');
    await create.getByRole('button', { name: 'Create group' }).click();
    await page.getByText(`“${name}” has been saved.`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    const row = table.locator('tr', { hasText: name });
    await row.waitFor();
    const id = await row.getAttribute('data-group-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await row.innerText()).toContain('1 permission');
    await screenshot(page, 'groups');
    const created = await context.request.get(`/api/v1/groups/${id ?? ''}`);
    expect((await created.json()) as unknown).toMatchObject({ name, permissions: ['item.create'] });

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.waitFor();
    await expectAccessible(page, 'edit dialog');
    const nameBox = edit.getByRole('textbox', { name: 'Name' });
    await expect(nameBox.inputValue()).resolves.toBe(name);
    await nameBox.fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`“${renamed}” has been saved.`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const renamedRow = table.locator(`tr[data-group-id="${id ?? ''}"]`);
    await renamedRow.getByText(renamed, { exact: true }).waitFor();

    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete group?' });
    await confirm.waitFor();
    await expectAccessible(page, 'confirm dialog');
    await confirm.getByText(`“${renamed}” is deleted`, { exact: false }).waitFor();
    await screenshot(page, 'group-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`“${renamed}” has been deleted.`).waitFor();
    await renamedRow.waitFor({ state: 'detached' });
    const gone = await context.request.get(`/api/v1/groups/${id ?? ''}`);
    expect(gone.status()).toBe(404);
    await context.close();
  });

  it('keeps the group when the deletion is cancelled', async () => {
    const name = `Keepers ${Date.now().toString(36)}`;
    const { context, page } = await newPage(e2e.browser);
    const login = await context.request.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const group = await context.request.post('/api/v1/groups', { data: { name } });
    expect(group.status()).toBe(201);
    const { id } = (await group.json()) as { id: string };
    await page.goto('/settings/groups');
    const row = page.getByTestId('groups-table').locator(`tr[data-group-id="${id}"]`);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete group?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect(row.isVisible()).resolves.toBe(true);
    expect((await context.request.get(`/api/v1/groups/${id}`)).status()).toBe(200);
    await context.close();
  });
});
