import type { Page } from 'playwright-core';

const PLAYER_VIDEO = '[data-testid="item-player"] video';

/** The item page's video. */
export const itemVideo = (page: Page) => page.getByTestId('item-player').locator('video');

/** Where the item page's video is, in seconds. */
export const videoTime = (page: Page) => itemVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the item page's video has its stream attached and knows its duration. */
export async function videoReady(page: Page): Promise<void> {
  await page.waitForFunction((selector) => {
    const v = document.querySelector<HTMLVideoElement>(selector);
    return v?.getAttribute('src')?.startsWith('blob:') === true && v.readyState >= 1;
  }, PLAYER_VIDEO);
}

/** Starts the item page's video, muted, once its stream is attached. */
export async function startPlaying(page: Page): Promise<void> {
  await videoReady(page);
  await itemVideo(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
}

/** Waits until the playing video has passed `seconds`. */
export async function playedPast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    ([selector, at]) => (document.querySelector<HTMLVideoElement>(selector)?.currentTime ?? 0) > at,
    [PLAYER_VIDEO, seconds] as const,
  );
}

export async function pausePlayer(page: Page): Promise<void> {
  await itemVideo(page).evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
}
