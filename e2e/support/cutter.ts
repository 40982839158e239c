import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './run.ts';

/** The address of an item that the cutter's Video box takes. */
export const itemAddress = (itemId: string) => `${baseUrl()}/item-details/${itemId}`;

/**
 * Loads the item at the address into the cutter's source player (the page is on /cutter) and waits
 * until frames step: the player has some of the stream and stands at the first frame. Then focuses
 * the page on the item's heading, away from the text box, so the keys reach the cutter.
 */
export async function loadIntoCutter(page: Page, address: string, title: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Video' }).fill(address);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  const video = page.getByTestId('media-player-video');
  await video.waitFor();
  // The player seeks once it has the picture.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.getByTestId('cutter-position').textContent()).toBe('00:00:00:00');
  await page.getByRole('heading', { name: title }).click();
}
