import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Inputs of the analysis tests: all from Debian or npm packages, so the engines meet real ones. */
export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** A LibriVox sentence of Debian's pocketsphinx-testdata (7.1 s; "consider" at about 2–4 s). */
export const SPEECH =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
/** The vision engine package's face-match demo: faces at 3,285 (a man) and 645,395 (a woman), 100 px. */
export const FACE_DEMO = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))),
  'assets',
  'screenshot-facematch.jpg',
);

/** Starts an analysis from its control on the item page (Analytics, Transcript or Translation tab). */
export async function startAnalysis(page: Page, kind: string): Promise<void> {
  await page.getByTestId(`analysis-${kind}`).getByRole('button', { name: 'Run' }).click();
}

/** Waits until the control on screen shows the analysis complete. */
export async function analysisComplete(page: Page, kind: string, timeout = 120_000): Promise<void> {
  await page.waitForSelector(`[data-testid="analysis-${kind}"][data-state="complete"]`, { timeout });
}

/** Starts an analysis and waits until it is complete. */
export async function runAnalysis(page: Page, kind: string): Promise<void> {
  await startAnalysis(page, kind);
  await analysisComplete(page, kind);
}
