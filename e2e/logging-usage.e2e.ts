import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { pickDay, pickOption as pick } from './support/mantine.ts';
import { cookieHeader, makeClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { pausePlayer, playedPast, startPlaying, videoTime } from './support/player.ts';
import { signInThroughApi } from './support/sign-in.ts';

const e2e = browserAndScratchDir('skald-e2e-logging-');
const suffix = Date.now().toString(36);
const formLabel = `Match ${suffix}`;
const formId = `match${suffix}`;
const title = `derby-${suffix}`;

describe('usage rules and logging', () => {
  it('an administrator adds a usage rule that expired yesterday: banner, tile badge and a confirmation before download; two events logged with a shortcut while playing', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');

    // The form, with a shortcut, a 4 s event duration, one field and a usage rule, built in the editor.
    await page.goto('/settings/forms');
    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New metadata form' });
    await dialog.getByRole('textbox', { name: 'Label' }).first().fill(formLabel);
    await dialog.getByRole('textbox', { name: 'Id' }).fill(formId);
    await dialog.getByRole('textbox', { name: 'Keyboard shortcut' }).first().fill('alt+g');
    await dialog.getByRole('textbox', { name: 'Log event duration (seconds)' }).fill('4');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    const field = dialog.getByTestId('field-editor-0');
    await field.getByRole('textbox', { name: 'Field id' }).fill('team');
    await field.getByRole('textbox', { name: 'Label' }).fill('Team');
    await dialog.getByRole('button', { name: 'Add usage rule group' }).click();
    const rules = dialog.getByTestId('usage-rules-editor');
    // A new context starts upon expiry, valid forever to forever (spec §4, §9).
    expect(await rules.getByLabel('Warning', { exact: true }).inputValue()).toBe('Upon expiry');
    expect(await rules.getByLabel('Valid until', { exact: true }).inputValue()).toBe('Forever');
    // The domain's §5 rules answer before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rules.getByText('Identifier key and label are required').waitFor();
    await rules.getByText('A usage rule needs a name').waitFor();
    await rules.getByRole('textbox', { name: 'Identifier key' }).fill('web');
    await rules.getByRole('textbox', { name: 'Identifier label' }).fill('Web');
    await rules.getByRole('textbox', { name: 'Context' }).fill('Online');
    await pick(page, rules, 'Valid until', 'Ingest time + days');
    const days = rules.getByRole('textbox', { name: 'Days after ingest' });
    await days.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    expect(await days.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rules.getByText('Number of days must be a number of 0 or more').waitFor();
    await expectAccessible(page, 'form editor with usage rules');
    // Until yesterday: the day before today in the calendar (the previous month's when today is the 1st).
    await pick(page, rules, 'Valid until', 'Date');
    await rules.getByRole('button', { name: 'Date' }).click();
    await pickDay(page, new Date(Date.now() - 86_400_000));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Form ${formLabel} saved`).waitFor();
    await screenshot(page, 'usage-rule-editor');

    // A clip that holds a value of the form, so the rule applies to it.
    const folderId = await newFolder(context, `Derby ${suffix}`);
    const clip = await makeClip(e2e.dir, { name: `${title}.mp4`, size: '320x240', seconds: 12 });
    const itemId = await tusUpload(await cookieHeader(context), clip, { folderId });
    await waitForTranscoding(context.request, itemId, 180_000);
    const filled = await context.request.patch(`/api/v1/items/${itemId}/metadata`, {
      data: { forms: { [formId]: { team: 'Home' } } },
    });
    expect(filled.status()).toBe(200);

    // The tile badge in the folder and in the search's usage filter.
    await page.goto(`/folders?folderId=${folderId}`);
    const tile = page.locator(`[data-item-id="${itemId}"]`);
    await tile.getByTestId('usage-badge').getByText('Rights expired').waitFor();
    await expectAccessible(page, 'folder with a usage badge');
    await page.goto('/?usage=expired&view=grid');
    await tile.getByTestId('usage-badge').waitFor();
    await screenshot(page, 'search-usage-expired');
    await expectAccessible(page, 'search by usage state');

    // The item page warns, and asks before the download.
    await page.goto(`/item-details/${itemId}`);
    await page.getByTestId('usage-warning').getByText('Web: Online').waitFor();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Original' }).click();
    const confirm = page.getByRole('dialog', { name: 'Use material with usage warnings?' });
    await confirm.getByText('Web: Online').waitFor();
    await expectAccessible(page, 'usage confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Two events logged with the form's shortcut while the clip plays.
    await page.goto(`/item-details/${itemId}?tab=logging`);
    const tab = page.getByTestId('logging-tab');
    await tab.getByTestId('logging-shortcuts').getByText(formLabel).waitFor();
    await startPlaying(page);
    await playedPast(page, 1);
    await page.keyboard.press('Alt+g');
    await page
      .getByText(/logged at 0:00:0\d/)
      .first()
      .waitFor();
    await playedPast(page, 3);
    await page.keyboard.press('Alt+g');
    const rows = tab.getByTestId('log-events').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await pausePlayer(page);
    const events = (await (await context.request.get(`/api/v1/items/${itemId}/log-events`)).json()) as {
      items: { formId: string; startMs: number; endMs: number | null }[];
    };
    expect(events.items.map((e) => e.formId)).toEqual([formId, formId]);
    const [first, second] = events.items;
    expect(first && second && second.startMs > first.startMs).toBe(true);
    expect(first && first.endMs === first.startMs + 4000).toBe(true);
    await screenshot(page, 'logging-tab');
    await expectAccessible(page, 'logging tab');

    // Choosing an event seeks the player there.
    await rows
      .nth(1)
      .getByRole('button', { name: /^Play from/ })
      .click();
    await expect.poll(() => videoTime(page)).toBeCloseTo((second?.startMs ?? 0) / 1000, 0);

    // Deleting asks first; the history has each change.
    await rows
      .nth(0)
      .getByRole('button', { name: /^Delete / })
      .click();
    const ask = page.getByRole('dialog', { name: 'Delete log event' });
    await expectAccessible(page, 'delete log event');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(1);

    // Editing gives the event a text, by which the log event search finds it and opens it at its time.
    await rows
      .nth(0)
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit log event: ${formLabel}` });
    await edit.getByRole('textbox', { name: 'Text' }).fill(`Header ${suffix} by number nine`);
    await edit.getByRole('textbox', { name: 'Team' }).fill('Away');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await rows.nth(0).getByText('Team: Away').waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('Log event deleted').waitFor();
    await page.getByText('Log event changed').waitFor();
    await page.getByText('Log event added').first().waitFor();

    await page.goto(`/log-events?q=${suffix}`);
    const hit = page.getByTestId('log-event-hit');
    await hit.getByText(`Header ${suffix} by number nine`).waitFor();
    await expectAccessible(page, 'log event search');
    await hit.getByRole('link').click();
    await page.getByTestId('logging-tab').waitFor();
    await expect
      .poll(() => videoTime(page), { timeout: 15_000 })
      .toBeCloseTo((second?.startMs ?? 0) / 1000, 0);

    // The main search finds the item by its event's words (not in its title) and shows the moment
    // under the tile; the moment opens the player at the event's time.
    await page.goto(`/?q=${encodeURIComponent(`nine ${suffix}`)}`);
    const moment = page.locator(`[data-item-id="${itemId}"]`).getByTestId('hit-moment');
    await moment.getByText(`Header ${suffix} by number nine`).waitFor();
    await expect.poll(() => moment.getAttribute('title')).toContain('log event');
    await screenshot(page, 'search-moment');
    await expectAccessible(page, 'search with moments');
    await moment.click();
    await page.getByTestId('logging-tab').waitFor();
    await expect
      .poll(() => videoTime(page), { timeout: 15_000 })
      .toBeCloseTo((second?.startMs ?? 0) / 1000, 0);
    await context.close();
  }, 300_000);
});
