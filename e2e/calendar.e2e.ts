import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/sign-in.ts';

const e2e = sharedBrowser();

// Issue 11 §5: dayjs writes Norwegian month names in lower case ("november 2026"); a calendar's
// heading and its month buttons are labels, and start with a capital.
describe('a calendar in Nynorsk', () => {
  it('heads the month and lists the months with a capital', async () => {
    const { context, page } = await newPage(e2e.browser, { locale: 'nn-NO' });
    const answer = await context.request.post('/api/v1/auth/login', {
      data: { tenant: 'demo', email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(answer.status()).toBe(200);
    await page.goto('/');
    await page.getByRole('button', { name: 'Oppretta' }).click();
    const heading = page.locator('.mantine-DatePickerInput-calendarHeaderLevel');
    await heading.waitFor();
    await expectAccessible(page, 'calendar');
    expect(await heading.innerText()).toMatch(/^\p{Lu}\p{Ll}+ \d{4}$/u);
    await heading.click();
    const months = page.locator('.mantine-DatePickerInput-monthsListControl');
    await months.first().waitFor();
    const names = await months.allInnerTexts();
    expect(names).toHaveLength(12);
    for (const name of names) expect(name).toMatch(/^\p{Lu}/u);
    await context.close();
  });
});
