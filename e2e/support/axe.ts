import { AxeBuilder } from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * WCAG 2.2 AA in every e2e test: `await expectAccessible(page)` once a screen (or a state of it: a
 * dialog or menu open) has settled. It runs axe-core (through @axe-core/playwright, which drives
 * playwright-core's page) with the WCAG 2.0/2.1/2.2 A and AA rules, the best practices
 * (landmarks, headings) and `label-content-name-mismatch`, and fails on any serious or critical
 * violation, naming the rule, the elements and how to fix them.
 *
 * It waits first for what the screen is still loading (an `aria-busy` region, Mantine's
 * transitions), so call it right after a screen's own wait (its heading, a row, a dialog).
 * The same screen in the same state and language is checked once per run, whichever file gets
 * there first (a check takes 0.3–2 s, and every file signs in): calling it again costs nothing, so
 * call it wherever a test reaches a screen. `state` names a state of a screen that the URL does not
 * show (e.g. 'upload dialog').
 */
export async function expectAccessible(page: Page, state = ''): Promise<void> {
  await settle(page);
  const key = `${await page.evaluate(() => document.documentElement.lang)} ${screenOf(page.url())} ${state}`;
  const marker = path.join(inject('axeCheckedDir'), createHash('sha256').update(key).digest('hex'));
  if (existsSync(marker)) return;
  // Legacy mode: one axe.run in the page. The default runs axe per frame and then combines the
  // results in a new blank tab (a renderer process, axe-core injected again) on every check; that
  // exists for cross-origin frames, which the app has none of. Same rules, same findings (compared
  // on five screens, one with a nameless button and an image without alt): the a11y signed-in file
  // took 38 s of Chromium CPU instead of 51 s.
  const results = await new AxeBuilder({ page }).options(OPTIONS).setLegacyMode().analyze();
  const failing = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (failing.length > 0) throw new Error(`axe-core on ${key}:\n${failing.map(describe).join('\n')}`);
  writeFileSync(marker, key);
}

const OPTIONS = {
  runOnly: {
    type: 'tag' as const,
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  // Experimental in axe-core, so off unless named: a control's name must contain its visible text.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/** The path with ids taken out, and the query's parameter names with tab names: one key per screen. */
function screenOf(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const path = pathname.replace(/\/[0-9a-f-]{16,}|\/\d+(?=\/|$)/gi, '/:id');
  const tab = searchParams.get('tab');
  return tab ? `${path}?tab=${tab}` : path;
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  // Mantine's transitions are CSS transitions of opacity and transform: let the last frame land.
  await page.waitForTimeout(250);
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

function describe(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
    )
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
  return `  ${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}
